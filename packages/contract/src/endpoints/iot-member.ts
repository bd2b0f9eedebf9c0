/** Endpoints of VIP and acceleration (API.md §4 vipList, createVipOrder, accelerateList, createAccelerateOrder, accelerateOrderList). */
export {};
