/** Reference data: the dictionary and the global settings. */
import { putSetting } from '../modules/site/repository.js';
import { DEFAULT_GENERIC } from '../modules/site/service.js';
import { DICTIONARY } from './dictionary.js';
import type { Seeder } from './seeder.js';

export const dictionary: Seeder = {
  name: 'dictionary',
  kind: 'reference',
  async run(tx) {
    const rows = Object.entries(DICTIONARY).flatMap(([type, options]) =>
      options.map(([value, label, listClass, key], index) => ({
        type,
        label,
        value: String(value),
        dict_key: key ?? String(value),
        list_class: listClass ?? 'default',
        sort: index,
        enabled: 1,
      })),
    );
    for (let i = 0; i < rows.length; i += 100)
      await tx
        .insertInto('dict_data')
        .values(rows.slice(i, i + 100))
        .execute();
  },
};

export const genericSettings: Seeder = {
  name: 'generic-settings',
  kind: 'reference',
  async run(tx) {
    await putSetting(tx, 'generic', DEFAULT_GENERIC);
  },
};
