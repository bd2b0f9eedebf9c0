/** Endpoints of platform sign-in and authorisation (API.md §3 wechatInfo, wxJsSign, checkScanAuthorize, updateAuthorizeStatus, ksUpdateProfile). */
export {};
