/**
 * antd-mobile's Popup and ActionSheet, downloaded when one first opens: a page that only may open a sheet
 * (the card login's agreement, the language switch, the card home's card switch) does not load them and
 * their animation libraries with its first screen (docs/performance.md). Once opened they stay mounted,
 * so closing animates as before.
 */
import type { ActionSheetProps, PopupProps } from 'antd-mobile';
import { lazy } from 'react';
import { withTexts } from '../i18n';
import { whenOpened } from './when-opened';

const overlays = () => withTexts(import('./overlay-components'));
const Popup = lazy(() => overlays().then((m) => ({ default: m.Popup })));
const ActionSheet = lazy(() => overlays().then((m) => ({ default: m.ActionSheet })));

export const LazyPopup = whenOpened<PopupProps>(Popup);
export const LazyActionSheet = whenOpened<ActionSheetProps>(ActionSheet);
