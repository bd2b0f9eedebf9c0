/** Endpoints of Wi-Fi codes (API.md §3 wifiCreate, getWifiCode). */
export {};
