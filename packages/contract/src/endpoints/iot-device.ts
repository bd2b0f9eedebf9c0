/** Endpoints of device management (API.md §4 iotDevice/*). */
export {};
