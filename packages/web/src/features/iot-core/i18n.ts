/**
 * Registers the card pages' common sections, the card's screens and its state (one file per locale in the
 * build; loaded with the card's routes, not with the shop's first screen).
 */
import { registerSection } from '../../i18n';
import { iotCore, iotState } from '../../i18n/sections/iot-core';

registerSection('iotCore', iotCore);
registerSection('iotState', iotState);
