/** When the app update prompt shows (SCREENS §4 appUpdate): a configured version above this app's. */
import { APP_VERSION_CODE, type GenericConfig } from '@haoka/contract';

export type AppUpdate = NonNullable<GenericConfig['appUpdate']>;

export function pendingUpdate(appUpdate: GenericConfig['appUpdate'] | undefined): AppUpdate | null {
  return appUpdate && appUpdate.versionCode > APP_VERSION_CODE ? appUpdate : null;
}
