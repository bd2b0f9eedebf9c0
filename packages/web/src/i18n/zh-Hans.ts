/** Source catalogue (Simplified Chinese). Every other locale must have exactly these keys. */
export const zhHans = {
  common: {
    ok: '确定',
    cancel: '取消',
    confirm: '确定',
    retry: '重新加载',
    loading: '加载中…',
    back: '返回',
    home: '首页',
    mine: '我的',
    empty: '暂无内容',
    noMore: '没有更多了',
  },
  errors: {
    dataInvalid: '数据响应异常',
    serverError: '网络错误，请更换网络或稍后重试',
    requestError: '请求错误',
    network: '网络错误，换个网络试试。',
    fail: '操作失败',
    loginTimeout: '登录超时，请重新登录！',
    soldOut: '哎呀！客官来晚了，该商品卖光啦！',
    orderRejectedTitle: '温馨提示',
    orderRejected: '订单受理失败，请联系客服处理！',
    numberTaken: '哎呀！客官来晚了，号码被他人抢先预约！',
    moduleClosed: '当前访问的功能模块暂未开放，敬请期待！',
    notDownstream: '该代理不是您的直属下级',
    other: '其他错误',
    contactService: '联系客服',
    backToShop: '返回商城',
    backToDownstream: '返回我的下级',
    connectionTimeout: '连接超时，请点击屏幕重试。',
    pageLoadFailed: '页面加载失败，点击重试',
  },
  clipboard: {
    copied: '复制成功',
    failed: '复制失败，请手动复制',
  },
  shell: {
    pendingTitle: '页面建设中',
    pendingDescription: '该页面尚未开放，敬请期待。',
    notFoundTitle: '页面不存在',
    notFoundDescription: '您访问的页面不存在或已下线。',
    backHome: '回首页',
    loadFailed: '加载失败',
  },
  language: {
    name: '简体中文',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale implements: same keys, any strings. */
export type Catalogue = Widen<typeof zhHans>;
