/**
 * antd-mobile's Toast and Dialog, which the feedback helpers (feedback.ts) load, and with them their
 * popups, masks and animation library, when the app first gives feedback: not with the first screen.
 */
import { Dialog, Toast } from 'antd-mobile';

export { Dialog, Toast };
