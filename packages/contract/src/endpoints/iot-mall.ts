/** Endpoints of the points mall (API.md §4 integralShop*, buyShopGoods, simAddress*, goodsShopStore, shopOrder*). */
export {};
