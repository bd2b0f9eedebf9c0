/**
 * The reasons of every refusal the server answers (docs/design.md "API conventions", "Refusal reasons").
 *
 * Each answer that is not a plain success carries a stable, machine-readable `reason` in its envelope:
 * one of the ids below. The server's `message` is the reason's zh-Hans text (SPEC §8's and API.md's
 * Chinese texts, unchanged); the CLI prints the English text; the web shows its own localized text for
 * the reason (its `reasons` catalogue section takes zh-Hans and en from here) and falls back to the
 * server's `message` only for a reason it does not know.
 *
 * A text may name parameters as `{{name}}`: they are read from the answer's `data` (e.g. `data.field`,
 * `data.remainTimes`), on the server and in the web alike.
 */

import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN } from './domain/reviews.js';

export interface ReasonText {
  /** zh-Hans: the server's `message`. */
  readonly zh: string;
  /** English: the CLI's text and the web's `en` catalogue. */
  readonly en: string;
}

export const REASONS = {
  // ---- The default of each envelope code (SPEC §8) ------------------------------------------------
  /** -1 without a more precise reason (also the client's text for an empty message). */
  operationFailed: { zh: '操作失败', en: 'Something went wrong. Please try again.' },
  /** 61 (no live shopper session) and 34061 (no card session for the `sim-no` card). */
  loginTimeout: { zh: '登录超时，请重新登录！', en: 'Your session has expired. Please log in again.' },
  /** 30001: the stock of a goods, package, activity, points goods or exchange coupon reached zero. */
  soldOut: { zh: '哎呀！客官来晚了，该商品卖光啦！', en: 'Sorry, you are too late: this item is sold out!' },
  /** 30003 without a more precise reason. */
  orderRejected: {
    zh: '订单受理失败，请联系客服处理！',
    en: 'The order could not be accepted. Please contact customer service.',
  },
  /** 32001: a vanity number is no longer on sale, or its lock was won by another buyer. */
  numberTaken: {
    zh: '哎呀！客官来晚了，号码被他人抢先预约！',
    en: 'Sorry, you are too late: someone else has reserved this number!',
  },
  /** 40001 without a more precise reason: the card layout switched the module off. */
  moduleClosed: { zh: '当前访问的功能模块暂未开放，敬请期待！', en: 'This feature is not available yet. Stay tuned!' },
  /** 33001: an agent browses a promoter code that is not their direct downstream. */
  notDirectDownstream: { zh: '该代理不是您的直属下级', en: 'This agent is not your direct downstream.' },
  /** 41001 without a more precise reason. */
  passwordRequired: { zh: '请输入密码', en: 'Please enter the password.' },
  /** 41002 without a more precise reason. */
  preconditionRequired: { zh: '请先完成前置步骤', en: 'Please complete the previous step first.' },

  // ---- HTTP level ---------------------------------------------------------------------------------
  /** HTTP 400: invalid JSON or a malformed request. */
  badRequest: { zh: '请求格式不正确', en: 'The request is malformed.' },
  /** HTTP 401: rejected before routing. */
  unauthorized: { zh: '请求未授权', en: 'The request is not authorized.' },
  /** HTTP 404: an unknown `/api` path. */
  apiNotFound: { zh: '接口不存在', en: 'This API does not exist.' },
  /** HTTP 405. */
  methodNotAllowed: { zh: '请求方法不支持', en: 'This request method is not supported.' },
  /** HTTP 413: the body is larger than allowed. */
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large.' },
  /** HTTP 415: an unsupported content type. */
  unsupportedMediaType: { zh: '请求内容类型不支持', en: 'This content type is not supported.' },
  /** HTTP 429, and -1 when a per-shopper or per-address limit of an endpoint is reached (Wi-Fi codes). */
  tooManyRequests: { zh: '操作太频繁，请稍后再试', en: 'Too many attempts. Please try again later.' },
  /** Any other HTTP 4xx. */
  requestError: { zh: '请求错误', en: 'Request error.' },
  /** HTTP 500: an unexpected error (logged with the request id). */
  serverBusy: { zh: '服务器繁忙，请稍后再试', en: 'The server is busy. Please try again later.' },

  // ---- Input validation (-1, `data.field` names the input) ---------------------------------------
  /** A required field is missing. */
  paramMissing: { zh: '缺少参数：{{field}}', en: 'Missing parameter: {{field}}' },
  /** A field has the wrong type. */
  paramType: { zh: '参数类型不正确：{{field}}', en: 'Wrong parameter type: {{field}}' },
  /** A field is outside its size bounds. */
  paramRange: { zh: '参数超出范围：{{field}}', en: 'Parameter out of range: {{field}}' },
  /** A field has the wrong format. */
  paramFormat: { zh: '参数格式不正确：{{field}}', en: 'Invalid parameter format: {{field}}' },
  /** A repeated request id (`requestId`, order session) came with a different body. */
  duplicateRequest: { zh: '重复的请求', en: 'This request was already sent with other details.' },
  /** The `order-session-id` header is missing. */
  sessionIdMissing: {
    zh: '缺少会话标识，请刷新页面后重试',
    en: 'The session is missing. Please refresh the page and try again.',
  },
  /** A request id that is not a UUID-like token. */
  requestIdInvalid: { zh: '请求标识格式不正确', en: 'Invalid request ID.' },
  /** A link or URL field that is not an http(s) address. */
  urlInvalid: { zh: '链接格式不正确', en: 'Invalid link.' },
  /** A `promoCode` with characters other than letters, digits, `_` and `-`. */
  promoCodeInvalid: { zh: '推广码格式不正确', en: 'Invalid promoter code.' },
  /** `dictionary` without any type. */
  dictTypesRequired: { zh: '请指定字典类型', en: 'Please name the dictionary types.' },
  /** A region code that is not 6 digits (browse filters). */
  regionCodeInvalid: { zh: '地区编码不正确', en: 'Invalid region code.' },
  /** A county code that is not a county of the region table (order, mall address). */
  regionInvalid: { zh: '地区编码无效', en: 'Unknown region.' },
  /** No region chosen on a form with an address. */
  regionRequired: { zh: '请选择所在地区', en: 'Please choose your region.' },
  /** `numberInfo`/`goodsInfo` named both or neither of `id` and `code`. */
  idOrCodeRequired: { zh: '请指定 id 或 code 之一', en: 'Please give either id or code.' },

  // ---- Site and content ---------------------------------------------------------------------------
  /** An unknown or disabled `promoCode`, or no default shop. */
  shopClosed: { zh: '店铺不存在或已关闭', en: 'This shop does not exist or is closed.' },
  /** `singlePage` of an unknown or offline page. */
  pageGone: { zh: '页面不存在或已下线', en: 'This page does not exist or has been taken down.' },
  /** A question or article that does not exist. */
  contentGone: { zh: '内容不存在', en: 'This content does not exist.' },
  /** The IP location provider cannot answer. */
  geoUnavailable: { zh: '定位服务暂不可用', en: 'The location service is unavailable.' },

  // ---- Vanity numbers and shop orders -------------------------------------------------------------
  /** `numberInfo` or an order of a number that does not exist or was taken off sale. */
  numberGone: { zh: '号码不存在', en: 'This number does not exist.' },
  /** A price filter that is not a whole number of yuan. */
  priceNotInteger: { zh: '价格必须为整数', en: 'The price must be a whole number.' },
  /** A negative price filter. */
  priceNegative: { zh: '价格不能为负数', en: 'The price cannot be negative.' },
  /** A number-prefix filter that is not 3 digits starting with 1. */
  segmentInvalid: { zh: '号段格式不正确', en: 'Invalid number prefix.' },
  /** A pattern filter with an unknown pattern code. */
  patternInvalid: { zh: '号码规律不正确', en: 'Invalid number pattern.' },
  /** A digits search that is not 1–11 digits. */
  digitsInvalid: { zh: '请输入1-11位数字', en: 'Please enter 1 to 11 digits.' },
  /** An excluded-digits filter that is not a list of digits. */
  excludeDigitsInvalid: { zh: '排除数字格式不正确', en: 'Invalid excluded digits.' },
  /** A minimum price above the maximum price. */
  priceRangeInvalid: { zh: '最低价不能高于最高价', en: 'The minimum price cannot be higher than the maximum.' },
  /** The chosen package does not go with the chosen number. */
  packageNotForNumber: { zh: '该套餐不适用于此号码', en: 'This plan is not available for this number.' },
  /** A goods, member product or points goods that does not exist or is off the shelf. */
  goodsGone: { zh: '商品不存在或已下架', en: 'This product does not exist or is no longer on sale.' },
  /** An ID number that fails the SPEC §5 pattern or its birth date. */
  idCardInvalid: { zh: '身份证号格式不正确', en: 'Invalid ID number.' },
  /** 30003: the applicant's age is outside the operator's range. */
  ageOutOfRange: {
    zh: '办理人年龄需在{{minAge}}至{{maxAge}}周岁之间',
    en: 'The applicant must be between {{minAge}} and {{maxAge}} years old.',
  },
  /** 30003: one ID holds 5 numbers of this operator already (一证五号). */
  idCardLimitReached: {
    zh: '该身份证在此运营商名下的号卡已达5张上限',
    en: 'This ID already holds 5 numbers with this operator, the maximum allowed.',
  },
  /** An order of a card that needs an SMS code, sent without one. */
  smsCodeRequired: { zh: '请输入短信验证码', en: 'Please enter the SMS code.' },
  /** A code field that is not 6 digits, or login by code without one. */
  smsCodeFormat: { zh: '请输入6位验证码', en: 'Please enter the 6-digit code.' },
  /** A mobile number that fails the SPEC §5 pattern. */
  mobileInvalid: { zh: '手机号格式不正确', en: 'Invalid mobile number.' },
  /** An order number that fails its pattern. */
  orderSnInvalid: { zh: '订单号格式不正确', en: 'Invalid order number.' },
  /** Login by ID without the last 6 characters of the ID number. */
  idCardLast6Required: { zh: '请输入身份证后6位', en: 'Please enter the last 6 characters of the ID number.' },
  /** A form sent without accepting the agreement. */
  agreeProtocol: { zh: '请先阅读并同意协议', en: 'Please read and accept the agreement first.' },
  /** A buyer name that is not 2–20 characters. */
  nameInvalid: { zh: '请输入2-20位姓名', en: 'Please enter a name of 2 to 20 characters.' },
  /** A street address shorter than 5 characters. */
  addressTooShort: { zh: '详细地址至少5个字', en: 'The street address needs at least 5 characters.' },
  /** A street address longer than 100 characters. */
  addressTooLong: { zh: '详细地址最多100个字', en: 'The street address can have at most 100 characters.' },
  /** An order with neither a number nor a goods. */
  numberOrGoodsRequired: { zh: '请选择号码或商品', en: 'Please choose a number or a product.' },
  /** An order number unknown to this caller. */
  orderNotFound: { zh: '订单不存在', en: 'This order does not exist.' },
  /** A review of an order that is not a number order. */
  reviewNumberOrdersOnly: { zh: '只有号码订单可以评价', en: 'Only number orders can be reviewed.' },
  /** A review of an order that has not reached 已完成. */
  reviewNotCompleted: { zh: '订单完成后才能评价', en: 'An order can be reviewed once it is completed.' },
  /** A second review of one order. */
  reviewExists: { zh: '该订单已评价', en: 'This order has already been reviewed.' },
  /** A review without a star rating of 1–5. */
  reviewStarRequired: { zh: '请选择评分', en: 'Please choose a rating.' },
  /** A review text shorter than REVIEW_CONTENT_MIN characters. */
  reviewTooShort: {
    zh: `评价内容至少${REVIEW_CONTENT_MIN}个字`,
    en: `A review needs at least ${REVIEW_CONTENT_MIN} characters.`,
  },
  /** A review text longer than REVIEW_CONTENT_MAX characters. */
  reviewTooLong: {
    zh: `评价内容最多${REVIEW_CONTENT_MAX}个字`,
    en: `A review can have at most ${REVIEW_CONTENT_MAX} characters.`,
  },
  /** Cancelling an order (shop or points mall) in a status that cannot be cancelled. */
  notCancellable: { zh: '当前状态不可取消', en: 'This order cannot be cancelled in its current status.' },
  /** Logistics of an order that has not shipped. */
  notShipped: { zh: '订单尚未发货', en: 'This order has not been shipped yet.' },

  // ---- Shopper login and SMS ----------------------------------------------------------------------
  /** Too many failed logins from this address or for this mobile or card. */
  loginTooMany: { zh: '尝试次数过多，请稍后再试', en: 'Too many attempts. Please try again later.' },
  /** Login by ID number for a mobile without orders (or a wrong ID). */
  noOrderOfMobile: { zh: '未查询到该手机号的订单', en: 'No orders were found for this mobile number.' },
  /** An SMS code asked for again within the throttle windows. */
  smsTooFrequent: { zh: '发送太频繁，请稍后再试', en: 'Codes are being sent too often. Please try again later.' },
  /** An SMS code that is wrong, expired or used up. */
  smsCodeInvalid: { zh: '验证码错误或已过期', en: 'The code is wrong or has expired.' },
  /** The newest code was used already or took its 5th wrong try: only a new code can help. */
  smsCodeBurned: {
    zh: '验证码已失效，请重新获取验证码',
    en: 'This code can no longer be used. Please get a new code.',
  },
  /** The SMS provider did not take the message. */
  smsSendFailed: { zh: '短信发送失败，请稍后再试', en: 'The SMS could not be sent. Please try again later.' },
  /** A code for the card's bound phone asked without a bound phone; 41002 `bindPhone`. */
  bindPhoneFirst: { zh: '请先绑定手机号', en: 'Please bind a mobile number first.' },
  /** A code asked without a mobile number. */
  mobileRequired: { zh: '请输入手机号', en: 'Please enter the mobile number.' },

  // ---- WeChat and mini-program platform -----------------------------------------------------------
  /** A mini-program call without the user's openid. */
  openIdMissing: {
    zh: '缺少用户标识，请在小程序内打开',
    en: 'Your user ID is missing. Please open this in the mini program.',
  },
  /** A sign-in QR code that does not exist. */
  qrCodeGone: { zh: '二维码不存在', en: 'This QR code does not exist.' },
  /** A sign-in QR code already decided or expired. */
  qrCodeExpired: { zh: '二维码已失效', en: 'This QR code has expired.' },
  /** A WeChat sign-in callback whose state has expired. */
  authorizationExpired: { zh: '授权已过期，请重新进入', en: 'The authorization has expired. Please come in again.' },
  /** JS-SDK signing or sign-in while the official account is not configured. */
  wechatNotConfigured: { zh: '公众号未配置', en: 'The WeChat official account is not configured.' },
  /** A sign-in redirect to another site. */
  redirectNotOwn: { zh: '跳转地址不属于本站', en: 'The redirect address does not belong to this site.' },
  /** WeChat cannot be reached or answered nonsense. */
  wechatUnavailable: { zh: '微信服务暂不可用，请稍后再试', en: 'WeChat is unavailable. Please try again later.' },
  /** WeChat answered an error code. */
  wechatError: { zh: '微信服务返回错误 {{errcode}}', en: 'WeChat returned error {{errcode}}.' },
  /** WeChat did not give an openid for the code. */
  wechatAuthFailed: { zh: '微信授权失败，请重试', en: 'WeChat authorization failed. Please try again.' },
  /** A QR decision that is neither 1 nor 2. */
  authStatusInvalid: { zh: '授权状态不正确', en: 'Invalid authorization status.' },
  /** A profile without a nickname. */
  nicknameRequired: { zh: '请填写昵称', en: 'Please enter a nickname.' },
  /** A nickname over 32 characters. */
  nicknameTooLong: { zh: '昵称最多32个字', en: 'The nickname can have at most 32 characters.' },
  /** An avatar that is not an http(s) address. */
  avatarInvalid: { zh: '头像地址不正确', en: 'Invalid avatar address.' },

  // ---- Wi-Fi codes --------------------------------------------------------------------------------
  /** 40001: the shop switched Wi-Fi codes off. */
  wifiClosed: { zh: 'WiFi码功能暂未开放', en: 'Wi-Fi codes are not available yet.' },
  /** A Wi-Fi code that does not exist or was disabled. */
  wifiCodeGone: { zh: '该WiFi码已失效', en: 'This Wi-Fi code is no longer valid.' },
  /** No free code could be drawn. */
  wifiCreateFailed: { zh: '生成失败，请重试', en: 'The code could not be made. Please try again.' },
  /** An unknown encryption. */
  wifiEncryptRequired: { zh: '请选择加密方式', en: 'Please choose the encryption.' },
  /** A Wi-Fi name that is empty. */
  ssidRequired: { zh: '请输入WiFi名称', en: 'Please enter the Wi-Fi name.' },
  /** A Wi-Fi name over 32 bytes. */
  ssidTooLong: {
    zh: 'WiFi名称最多32个字节（一个汉字占3个字节）',
    en: 'The Wi-Fi name can have at most 32 bytes (a Chinese character takes 3).',
  },
  /** A Wi-Fi name with control characters. */
  ssidControl: { zh: 'WiFi名称不能包含控制字符', en: 'The Wi-Fi name cannot contain control characters.' },
  /** A Wi-Fi password shorter than 8 or longer than 63 characters. */
  wifiPasswordLength: { zh: '密码长度为8-63位', en: 'The password must be 8 to 63 characters long.' },
  /** A Wi-Fi password with characters outside printable ASCII. */
  wifiPasswordAscii: {
    zh: '密码只能包含英文字母、数字和英文符号',
    en: 'The password can only contain letters, digits and ASCII symbols.',
  },
  /** An encrypted network without a password. */
  wifiPasswordRequired: { zh: '请输入WiFi密码', en: 'Please enter the Wi-Fi password.' },

  // ---- Card login and card home -------------------------------------------------------------------
  /** A card number, ICCID or device number unknown to the shop. */
  simNotFound: { zh: '卡号不存在', en: 'This card number does not exist.' },
  /** A card switched off by the shop. */
  simDisabled: { zh: '该卡已停用，请联系客服', en: 'This card is disabled. Please contact customer service.' },
  /** 41001: the card password is locked after too many wrong ones. */
  cardPasswordLocked: {
    zh: '卡密码错误次数过多，请稍后再试',
    en: 'Too many wrong card passwords. Please try again later.',
  },
  /** 41001: the card needs its password. */
  cardPasswordRequired: { zh: '请输入卡密码', en: 'Please enter the card password.' },
  /** 41001: this wrong password locked the card password for 30 minutes. */
  cardPasswordLockedNow: {
    zh: '卡密码错误次数过多，请30分钟后再试',
    en: 'Too many wrong card passwords. Please try again in 30 minutes.',
  },
  /** 41001: a wrong card password (`data.remainTimes` attempts left). */
  cardPasswordWrong: { zh: '卡密码错误', en: 'Wrong card password.' },
  /** A card login form with a malformed card number. */
  simNoInvalid: {
    zh: '请输入正确的卡号/ICCID/设备号',
    en: 'Please enter a valid card number, ICCID or device number.',
  },
  /** A card password that is not 6 digits. */
  cardPasswordFormat: { zh: '请输入6位卡密码', en: 'Please enter the 6-digit card password.' },
  /** A card login without accepting the agreement. */
  agreeProtocolFirst: { zh: '请先同意协议', en: 'Please accept the agreement first.' },
  /** Success message of `simRefresh` and the like when the operator did not answer: cached data. */
  dataSyncing: { zh: '数据同步中', en: 'Syncing data…' },
  /** Binding a mobile that already holds the most cards. */
  bindLimitReached: { zh: '该手机号绑定卡数已达上限', en: 'This mobile number is bound to the most cards allowed.' },
  /** Lifting a violation on a card without one. */
  noViolation: { zh: '当前卡没有违规限制', en: 'This card has no violation restriction.' },
  /** Lifting a violation the card cannot lift itself. */
  violationNotSelfService: { zh: '当前限制不支持自助解除', en: 'This restriction cannot be lifted from here.' },
  /** 30003: the operator did not take the request to lift a violation. */
  violationNotAccepted: {
    zh: '运营商暂未受理解除申请，请联系客服处理',
    en: 'The operator has not accepted the request. Please contact customer service.',
  },
  /** Switching networks on a card without sub-cards. */
  netSwitchUnsupported: { zh: '当前卡不支持切换网络', en: 'This card cannot switch networks.' },
  /** Switching to a network the card does not have. */
  netUnavailable: { zh: '目标网络不可用', en: 'The chosen network is not available.' },
  /** A second network switch within 5 minutes. */
  netSwitchTooFrequent: { zh: '切换过于频繁', en: 'Switching too often. Please wait a few minutes.' },
  /** A network switch without a network. */
  netRequired: { zh: '请选择网络或智能选网', en: 'Please choose a network or smart selection.' },

  /** Card alerts by SMS on a card without a bound mobile. */
  alertNeedsMobile: {
    zh: '短信提醒需先绑定手机号',
    en: 'Bind a mobile number to this card to get alerts by SMS.',
  },
  /** Usage alert thresholds that are not 1–100 %, repeated, or more than 3. */
  alertThresholdsInvalid: {
    zh: '用量提醒比例需在1%到100%之间，最多3个且不重复',
    en: 'Usage alerts must be between 1% and 100%, at most 3, each once.',
  },
  /** Expiry alert days that are not 1–30, repeated, or more than 3. */
  alertExpiryDaysInvalid: {
    zh: '到期提醒天数需在1到30天之间，最多3个且不重复',
    en: 'Expiry alerts must be between 1 and 30 days ahead, at most 3, each once.',
  },
  /** A low-balance alert amount that is not a positive yuan amount up to 10,000. */
  alertBalanceInvalid: {
    zh: '请输入正确的余额提醒金额（0.01至10000元）',
    en: 'Please enter a balance alert amount from 0.01 to 10,000 yuan.',
  },

  // ---- Card money: recharge, packages, coupons, pay password --------------------------------------
  /** 40001: the card's recharge is switched off. */
  rechargeClosed: { zh: '当前卡暂不支持充值', en: 'This card cannot be topped up yet.' },
  /** A recharge for another card number than the session's. */
  rechargeNoMismatch: { zh: '充值号码不匹配', en: 'The top-up number does not match this card.' },
  /** A recharge option that does not exist. */
  rechargeOptionGone: { zh: '充值档位不存在', en: 'This top-up option does not exist.' },
  /** 一键缴费 on a card that owes nothing. */
  arrearsNone: { zh: '当前没有欠费', en: 'This card owes nothing.' },
  /** 一键缴费 with an amount that is no longer what the card owes. */
  arrearsChanged: {
    zh: '欠费金额已变化，请刷新后重试',
    en: 'The amount owed has changed. Please refresh and try again.',
  },
  /** A free recharge amount outside the allowed range. */
  amountOutOfRange: { zh: '金额超出范围', en: 'The amount is out of range.' },
  /** A recharge with neither an option nor an amount. */
  rechargeAmountRequired: { zh: '请选择充值金额', en: 'Please choose an amount.' },
  /** A package that does not exist, is off sale or is not for this card. */
  packageGone: { zh: '套餐不存在或已下架', en: 'This package does not exist or is no longer on sale.' },
  /** 30003: the operator refused to activate the package; the payment went back. */
  activationRefused: {
    zh: '运营商受理失败，款项已原路退回',
    en: 'The operator refused the order; the money went back to your original payment method.',
  },
  /** An effect type the package does not offer. */
  effectTypeUnsupported: { zh: '该套餐不支持所选生效方式', en: 'This package cannot start the way you chose.' },
  /** 41002 `realname`, or a task claimed before real-name verification. */
  realnameFirst: { zh: '请先完成实名认证', en: 'Please complete real-name verification first.' },
  /** 41002 `couponChoose`: the card must join a recharge activity first. */
  couponActivityFirst: { zh: '请先参与充值活动', en: 'Please join the top-up offer first.' },
  /** A coupon that was taken by another payment at the last moment. */
  couponUnusable: { zh: '优惠券不可用', en: 'This coupon cannot be used.' },
  /** Paying with a coupon that is used, locked or expired. */
  payCouponUsed: {
    zh: '优惠券不可用：优惠券已使用或已失效',
    en: 'This coupon cannot be used: it is used or no longer valid.',
  },
  /** Paying with a coupon before its start time. */
  payCouponNotStarted: { zh: '优惠券不可用：未到使用时间', en: 'This coupon cannot be used yet.' },
  /** Paying with a coupon after its end time. */
  payCouponExpired: { zh: '优惠券不可用：已过期', en: 'This coupon cannot be used: it has expired.' },
  /** Paying with a coupon for other packages. */
  payCouponNotForPackage: { zh: '优惠券不可用：不适用该套餐', en: 'This coupon cannot be used for this package.' },
  /** Paying with a coupon whose threshold the price does not reach (`data.threshold` in yuan). */
  payCouponBelowThreshold: {
    zh: '优惠券不可用：未达门槛，满{{threshold}}元可用',
    en: 'This coupon cannot be used: it needs a price of at least ¥{{threshold}}.',
  },
  /** Paying with a coupon that does not exist or belongs to another card. */
  payCouponMissing: { zh: '优惠券不可用：不存在', en: 'This coupon cannot be used: it does not exist.' },
  // Why a listed coupon is greyed (a coupon's `unusableReason`, read with the coupon as its data).
  /** Listed coupon: used, locked or expired. */
  couponUsed: { zh: '优惠券已使用或已失效', en: 'Used or no longer valid' },
  /** Listed coupon: before its start time. */
  couponNotStarted: { zh: '未到使用时间', en: 'Not valid yet' },
  /** Listed coupon: after its end time. */
  couponExpired: { zh: '已过期', en: 'Expired' },
  /** Listed coupon: for other packages. */
  couponNotForPackage: { zh: '不适用该套餐', en: 'Not valid for this package' },
  /** Listed coupon: the price does not reach its threshold (the coupon's `threshold`). */
  couponBelowThreshold: { zh: '未达门槛，满{{threshold}}元可用', en: 'Needs a price of at least ¥{{threshold}}' },
  /** Listed coupon, without a package to judge it by: not usable now. */
  couponUnavailable: { zh: '不可用', en: 'Not usable' },
  /** A package bought as often as it allows. */
  purchaseLimitReached: { zh: '已达购买上限', en: 'You have reached the purchase limit.' },
  /** Paying online for an order paid from the balance. */
  balancePaidOrder: { zh: '该订单为余额支付', en: 'This order is paid from the balance.' },
  /** The balance does not cover the payment. */
  balanceTooLow: { zh: '余额不足', en: 'Insufficient balance.' },
  /** The coupon coins do not cover the exchange. */
  coinsTooLow: { zh: '券币不足', en: 'Not enough coupon coins.' },
  /** The points do not cover the exchange. */
  pointsTooLow: { zh: '积分不足', en: 'Not enough points.' },
  /** 41001: the pay password is locked for 24 hours after too many wrong ones. */
  payPasswordLocked: {
    zh: '支付密码错误次数过多，已锁定24小时',
    en: 'Too many wrong pay passwords. It is locked for 24 hours.',
  },
  /** 41001: balance pay without the pay password. */
  payPasswordRequired: { zh: '请输入支付密码', en: 'Please enter the pay password.' },
  /** 41001: a wrong pay password (`data.remainTimes` attempts left). */
  payPasswordWrong: {
    zh: '支付密码错误，还可尝试{{remainTimes}}次',
    en: 'Wrong pay password. {{remainTimes}} attempts left.',
  },
  /** A new pay password that is too simple (repeated or consecutive digits). */
  payPasswordTooSimple: { zh: '密码过于简单', en: 'The password is too simple.' },
  /** Setting a pay password on a card that has one. */
  payPasswordExists: {
    zh: '已设置支付密码，请使用修改密码',
    en: 'A pay password is already set. Please change it instead.',
  },
  /** A new pay password equal to the old one. */
  payPasswordSame: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one.' },
  /** 41002 `payPassword`: balance pay needs a pay password first. */
  payPasswordFirst: { zh: '请先设置支付密码', en: 'Please set a pay password first.' },
  /** A reset ticket that is used or expired. */
  verifyTicketExpired: { zh: '身份验证已失效，请重新验证', en: 'The verification has expired. Please verify again.' },
  /** A pay password that is not 6 digits. */
  payPasswordFormat: { zh: '请输入6位支付密码', en: 'Please enter the 6-digit pay password.' },
  /** Changing the pay password without the old one. */
  oldPayPasswordRequired: { zh: '请输入原支付密码', en: 'Please enter the old pay password.' },
  /** A recharge activity that does not exist or has ended. */
  activityGone: { zh: '活动不存在或已结束', en: 'This offer does not exist or has ended.' },
  /** A recharge activity joined as often as it allows. */
  activityLimitReached: { zh: '已达参与上限', en: 'You have reached the limit for this offer.' },
  /** Auto-renewal of a package that cannot renew. */
  autoRenewUnsupported: { zh: '该套餐不支持自动续费', en: 'This package cannot renew automatically.' },
  /** Pay-as-you-go settings of a card without it. */
  volumeBillingOff: { zh: '未开通按量计费', en: 'Pay-as-you-go is not turned on.' },
  /** An order-status filter that is not a list of 0–5. */
  statusFilterInvalid: { zh: '状态格式不正确', en: 'Invalid status filter.' },

  // ---- Payments -----------------------------------------------------------------------------------
  /** 30003: the order is closed or no longer payable. */
  orderClosed: { zh: '订单已关闭，请重新下单', en: 'This order is closed. Please order again.' },
  /** Paying an order of ¥0. */
  noPaymentNeeded: { zh: '该订单无需支付', en: 'This order needs no payment.' },
  /** 30003: the payment could not be started for an unknown cause. */
  payLaunchFailed: { zh: '支付发起失败，请稍后再试', en: 'The payment could not be started. Please try again later.' },
  /** 30003: the payment provider refused or could not be reached. */
  payChannelUnavailable: {
    zh: '支付渠道暂不可用，请稍后再试',
    en: 'This payment method is unavailable. Please try again later.',
  },
  /** 30003: no provider takes this pay type. */
  payTypeUnsupported: { zh: '暂不支持该支付方式', en: 'This payment method is not supported.' },
  /** 30003: Alipay launched from inside WeChat, whose browser blocks Alipay's pages. */
  alipayInWechat: {
    zh: '微信内无法使用支付宝，请在浏览器中打开本页面后支付',
    en: 'Alipay cannot be used inside WeChat. Please open this page in your browser to pay.',
  },
  /** A points-mall order paid online already. */
  paidOnline: { zh: '该订单已在线支付，请稍后刷新查看', en: 'This order was paid online. Please refresh in a moment.' },
  /** A points-mall order whose online payment is still being confirmed. */
  paymentInProgress: { zh: '支付处理中，请稍后再试', en: 'The payment is being processed. Please try again later.' },
  /** Paying a points-mall order that is paid. */
  orderAlreadyPaid: { zh: '订单已支付', en: 'This order is already paid.' },

  // ---- Membership and speed boosts ----------------------------------------------------------------
  /** 40001: the card layout switched membership off. */
  vipClosed: { zh: '会员功能暂未开放', en: 'Membership is not available yet.' },
  /** 40001: the card layout switched speed boosts off. */
  accelerateClosed: { zh: '网络加速暂未开放', en: 'Speed boosts are not available yet.' },
  /** 40001: the card's operator or kind cannot be sped up. */
  accelerateUnsupported: { zh: '当前卡暂不支持加速', en: 'This card cannot be sped up.' },
  /** Refunding a member order that is neither active nor queued (back office). */
  refundNotAllowed: { zh: '只有生效中或待生效的订单可以退款', en: 'Only active or queued orders can be refunded.' },
  /** 30003: the purchase ended refunded to the original payment (`data.remark` says why). */
  memberRefundedOriginal: {
    zh: '{{remark}}，款项已原路退回',
    en: 'This order was refunded; the money went back to your original payment method.',
  },
  /** 30003: the purchase ended refunded to the card balance (`data.remark` says why). */
  memberRefundedBalance: {
    zh: '{{remark}}，款项已退回余额',
    en: 'This order was refunded; the money went back to your card balance.',
  },

  // ---- Rewards ------------------------------------------------------------------------------------
  /** Signing in while no sign-in rewards are set. */
  signClosed: { zh: '签到活动暂未开放', en: 'Daily sign-in is not available yet.' },
  /** Signing in twice in one day. */
  alreadySigned: { zh: '今日已签到', en: 'You have already signed in today.' },
  /** Claiming a task reward claimed for this period. */
  alreadyClaimed: { zh: '奖励已领取', en: 'This reward has already been claimed.' },
  /** A task that does not exist or is off. */
  taskGone: { zh: '任务不存在', en: 'This task does not exist.' },
  /** Claiming a video task before watching it through. */
  videoUnfinished: { zh: '观看未完成', en: 'You have not finished watching.' },
  /** Claiming a package task before buying a package. */
  buyPackageFirst: { zh: '请先购买套餐', en: 'Please buy a package first.' },
  /** An agreement type that does not exist. */
  protocolGone: { zh: '协议不存在', en: 'This agreement does not exist.' },
  /** An exchange coupon that does not exist or is off. */
  exchangeGone: { zh: '兑换券不存在或已下架', en: 'This coupon offer does not exist or is no longer available.' },
  /** An exchange coupon exchanged as often as it allows. */
  exchangeLimitReached: { zh: '已达兑换上限', en: 'You have reached the exchange limit.' },

  // ---- Devices ------------------------------------------------------------------------------------
  /** A device command on a card that is not a device. */
  notADevice: { zh: '当前卡不是设备卡', en: 'This card is not a device card.' },
  /** Device commands sent too often. */
  deviceTooFrequent: {
    zh: '指令下发过于频繁，请稍后再试',
    en: 'Commands are being sent too often. Please try again later.',
  },
  /** The device platform cannot be reached. */
  devicePlatformDown: {
    zh: '设备平台暂时无法连接，请稍后再试',
    en: 'The device platform cannot be reached. Please try again later.',
  },
  /** 40001: the device's model cannot run the command. */
  deviceModelUnsupported: { zh: '当前设备型号不支持该功能', en: 'This device model does not support this feature.' },
  /** A password for an open network. */
  wifiOpenNoPassword: { zh: '当前WiFi为开放网络，无需设置密码', en: 'This Wi-Fi is open and needs no password.' },
  /** An encrypted device network without a password. */
  wifiPasswordNeeded: { zh: '请输入8-63位WiFi密码', en: 'Please enter a Wi-Fi password of 8 to 63 characters.' },
  /** A device Wi-Fi name with spaces at either end. */
  ssidEdgeSpaces: { zh: 'WiFi名称首尾不能有空格', en: 'The Wi-Fi name cannot start or end with a space.' },
  /** A device Wi-Fi name over 32 bytes. */
  ssidTooLongDevice: {
    zh: 'WiFi名称不能超过32个字符（中文每字计3个）',
    en: 'The Wi-Fi name can have at most 32 characters (a Chinese character counts 3).',
  },
  /** A device Wi-Fi password that is not 8–63 printable ASCII characters. */
  wifiPasswordFormat: {
    zh: 'WiFi密码为8-63位字母、数字或英文符号',
    en: 'The Wi-Fi password must be 8 to 63 letters, digits or ASCII symbols.',
  },
  /** A device Wi-Fi band that is neither 1 nor 2. */
  wifiBandRequired: { zh: '请选择WiFi频段', en: 'Please choose the Wi-Fi band.' },
  /** A factory reset without its confirmation. */
  resetConfirmRequired: { zh: '请确认恢复出厂设置', en: 'Please confirm the factory reset.' },

  // ---- Operator refusals (carrier gateway) --------------------------------------------------------
  /** The operator does not know the card. */
  carrierSimNotFound: { zh: '运营商未找到该卡', en: 'The operator could not find this card.' },
  /** The operator refuses a package on a cancelled card. */
  carrierCancelledPackage: {
    zh: '该卡已销户，无法订购套餐',
    en: 'This card is cancelled; packages cannot be ordered.',
  },
  /** The operator refuses real-name verification on a cancelled card. */
  carrierCancelledAuth: {
    zh: '该卡已销户，无法实名认证',
    en: 'This card is cancelled; real-name verification is not possible.',
  },
  /** The operator does not know the sub-card. */
  carrierViceNotFound: { zh: '运营商未找到该子卡', en: 'The operator could not find this sub-card.' },
  /** The operator has no online real-name channel. */
  carrierNoOnlineAuth: {
    zh: '该运营商暂未开通线上实名',
    en: 'This operator does not offer online real-name verification yet.',
  },
  /** The device platform does not know the device. */
  carrierDeviceNotFound: { zh: '设备平台未找到该设备', en: 'The device platform could not find this device.' },
  /** The operator cannot speed up a card in this state. */
  carrierSpeedStateRefused: { zh: '当前卡状态不支持加速', en: 'This card cannot be sped up in its current state.' },
  /** The operator does not sell this speed profile. */
  carrierSpeedUnsupported: { zh: '运营商不支持该加速档位', en: 'The operator does not offer this speed.' },
  /** The operator will not resume a cancelled card. */
  carrierCancelledResume: { zh: '该卡已销户，无法复机', en: 'This card is cancelled and cannot be resumed.' },
  /** The card's stop can only be lifted by the operator (a violation, an operator stop). */
  carrierResumeOperatorOnly: {
    zh: '该卡的停机原因需由运营商处理，请联系客服',
    en: 'Only the operator can lift this stop. Please contact customer service.',
  },
  /** The operator refused a request for a cause it did not name (a gateway's own text is logged). */
  carrierRefused: { zh: '运营商未受理', en: 'The operator did not accept the request.' },

  // ---- Real-name verification and uploads ---------------------------------------------------------
  /** The operator's real-name system cannot be reached. */
  upstreamBusy: { zh: '运营商系统繁忙，请稍后再试', en: "The operator's system is busy. Please try again later." },
  /** A sub-card that is not this device's. */
  notOwnViceSim: { zh: '非本设备子卡', en: 'This sub-card does not belong to this device.' },
  /** Platform verification of a card that is verified. */
  alreadyVerified: { zh: '已完成实名认证', en: 'Real-name verification is already done.' },
  /** Platform verification of a card under review. */
  underReview: { zh: '认证审核中，请耐心等待', en: 'Your verification is under review. Please wait.' },
  /** The name and ID number do not match. */
  idMismatch: { zh: '姓名与身份证不匹配', en: 'The name does not match the ID number.' },
  /** The holder is younger than 16. */
  tooYoung: { zh: '未满16周岁', en: 'You must be at least 16 years old.' },
  /** 40001: platform verification is off for this card. */
  platformAuthClosed: {
    zh: '当前卡未开启平台实名认证',
    en: 'Platform real-name verification is not enabled for this card.',
  },
  /** The front (portrait) photo of the ID card is missing. */
  frontImageMissing: { zh: '请上传身份证人像面', en: 'Please upload the photo side of your ID card.' },
  /** The back (emblem) photo of the ID card is missing. */
  backImageMissing: { zh: '请上传身份证国徽面', en: 'Please upload the emblem side of your ID card.' },
  /** The photo holding the ID card is missing. */
  faceImageMissing: { zh: '请上传手持身份证照片', en: 'Please upload a photo of you holding your ID card.' },
  /** The front photo is the same file as another photo. */
  frontImageDuplicate: {
    zh: '身份证人像面与其他照片重复，请重新上传',
    en: 'The photo side of the ID card repeats another photo. Please upload it again.',
  },
  /** The back photo is the same file as another photo. */
  backImageDuplicate: {
    zh: '身份证国徽面与其他照片重复，请重新上传',
    en: 'The emblem side of the ID card repeats another photo. Please upload it again.',
  },
  /** The holding photo is the same file as another photo. */
  faceImageDuplicate: {
    zh: '手持身份证照片与其他照片重复，请重新上传',
    en: 'The photo holding the ID card repeats another photo. Please upload it again.',
  },
  /** The front photo is not an upload of this card. */
  frontImageInvalid: {
    zh: '身份证人像面无效，请重新上传',
    en: 'The photo side of the ID card is not valid. Please upload it again.',
  },
  /** The back photo is not an upload of this card. */
  backImageInvalid: {
    zh: '身份证国徽面无效，请重新上传',
    en: 'The emblem side of the ID card is not valid. Please upload it again.',
  },
  /** The holding photo is not an upload of this card. */
  faceImageInvalid: {
    zh: '手持身份证照片无效，请重新上传',
    en: 'The photo holding the ID card is not valid. Please upload it again.',
  },
  /** A photo key that is not one of ours. */
  photoReupload: { zh: '请重新上传照片', en: 'Please upload the photo again.' },
  /** A real name that is not 2–20 characters. */
  realNameInvalid: { zh: '请输入2-20位真实姓名', en: 'Please enter your real name (2 to 20 characters).' },
  /** A sub-card number that fails its pattern. */
  viceSimNoInvalid: { zh: '子卡号格式不正确', en: 'Invalid sub-card number.' },
  /** The day's verification attempts are used up. */
  authDailyLimit: {
    zh: '今日认证次数已达上限，请明天再试',
    en: 'You have used all of today’s verification attempts. Please try again tomorrow.',
  },
  /** The identity verifier cannot be reached. */
  verifierBusy: {
    zh: '认证服务繁忙，请稍后再试',
    en: 'The verification service is busy. Please try again later.',
  },
  /** Reviewing a card without a pending platform verification (back office). */
  noPendingReview: {
    zh: '该卡没有待审核的平台实名认证',
    en: 'This card has no platform verification waiting for review.',
  },
  /** Reviewing a verification someone else decided meanwhile (back office). */
  reviewDone: { zh: '该认证已被处理', en: 'This verification has already been handled.' },
  /** An upload without a file. */
  fileRequired: { zh: '请选择要上传的文件', en: 'Please choose a file to upload.' },
  /** An upload over 5 MB. */
  fileTooLarge: {
    zh: '文件过大，请上传5MB以内的图片',
    en: 'The file is too large. Please upload an image under 5 MB.',
  },
  /** An upload that is not a JPEG, PNG or WebP image. */
  fileTypeUnsupported: {
    zh: '文件类型不支持，请上传jpg/png/webp图片',
    en: 'Unsupported file type. Please upload a JPG, PNG or WebP image.',
  },
  /** An upload with several files. */
  oneFileOnly: { zh: '一次只能上传一个文件', en: 'Only one file can be uploaded at a time.' },
  /** An upload whose multipart body cannot be read. */
  uploadUnreadable: {
    zh: '上传内容不正确，请重新选择文件',
    en: 'The upload could not be read. Please choose the file again.',
  },
  /** Uploads sent too often. */
  uploadTooFrequent: { zh: '上传太频繁，请稍后再试', en: 'Uploading too often. Please try again later.' },
  /** An upload with an unknown scene. */
  uploadSceneInvalid: { zh: '上传场景不正确', en: 'Invalid upload scene.' },
  /** An uploaded file that does not exist. */
  fileGone: { zh: '文件不存在', en: 'This file does not exist.' },
  /** A file link whose signature expired. */
  fileLinkExpired: { zh: '链接已失效，请刷新页面', en: 'This link has expired. Please refresh the page.' },

  // ---- Points mall --------------------------------------------------------------------------------
  /** A delivery order without an address. */
  addressRequired: { zh: '请选择收货地址', en: 'Please choose a delivery address.' },
  /** A delivery order with an address of another card. */
  addressGone: { zh: '收货地址不存在', en: 'This delivery address does not exist.' },
  /** A pickup order without a store. */
  storeRequired: { zh: '请选择自提门店', en: 'Please choose a pickup store.' },
  /** A pickup order with an unknown store. */
  storeGone: { zh: '自提门店不存在', en: 'This pickup store does not exist.' },
  /** An order of goods with options, without an option. */
  skuRequired: { zh: '请选择商品规格', en: 'Please choose an option.' },
  /** More pieces than one order allows (`data.limit`). */
  perOrderLimit: { zh: '每单最多兑换{{limit}}件', en: 'At most {{limit}} per order.' },
  /** More pieces than one card may exchange (`data.limit`). */
  perCardLimit: { zh: '每人限兑{{limit}}件', en: 'At most {{limit}} per person.' },
  /** Confirming receipt of an order that is not on its way. */
  notReceivable: { zh: '当前状态不可确认收货', en: 'Receipt cannot be confirmed in the current status.' },
  /** A card with the most addresses allowed. */
  addressLimitReached: { zh: '地址数量已达上限', en: 'You have reached the maximum number of addresses.' },
  /** An address of another card or none. */
  addressNotFound: { zh: '地址不存在', en: 'This address does not exist.' },
  /** A quantity below 1. */
  quantityMin: { zh: '数量至少为1', en: 'The quantity must be at least 1.' },
  /** A quantity above 99. */
  quantityMax: { zh: '超出单次兑换数量', en: 'That is more than one exchange allows.' },
  /** A note over 100 characters. */
  remarkTooLong: { zh: '备注最多100个字', en: 'The note can have at most 100 characters.' },
  /** A recipient name that is not 2–20 characters. */
  consigneeInvalid: { zh: '请输入2-20位收货人姓名', en: "Please enter the recipient's name (2 to 20 characters)." },

  // ---- Back office (CLI) --------------------------------------------------------------------------
  /** Shipping a points-mall order that is not delivered by courier. */
  expressOnlyShip: { zh: '只有快递配送的订单可以发货', en: 'Only orders delivered by courier can be shipped.' },
  /** Shipping a points-mall order that is not waiting for shipment (`data.status`). */
  mallShipStatus: {
    zh: '订单状态为 {{status}}，只有待发货(1)的订单可以发货',
    en: 'The order status is {{status}}; only orders waiting for shipment (1) can be shipped.',
  },
  /** Redeeming a points-mall order that is not a pickup. */
  pickupOnlyRedeem: { zh: '只有到店自提的订单可以核销', en: 'Only pickup orders can be redeemed.' },
  /** A wrong pickup code. */
  pickCodeWrong: { zh: '提货码不正确', en: 'Wrong pickup code.' },
  /** Redeeming a points-mall order that is not waiting for pickup (`data.status`). */
  mallPickupStatus: {
    zh: '订单状态为 {{status}}，只有待自提(2)的订单可以核销',
    en: 'The order status is {{status}}; only orders waiting for pickup (2) can be redeemed.',
  },
  /** Reviewing a shop order that is not waiting for review (`data.status`). */
  reviewStatus: {
    zh: '订单状态为 {{status}}，只有待审核(1)的订单可以审核',
    en: 'The order status is {{status}}; only orders waiting for review (1) can be reviewed.',
  },
  /** Shipping a shop order that is not waiting for shipment (`data.status`). */
  shipStatus: {
    zh: '订单状态为 {{status}}，只有待发货(2)的订单可以发货',
    en: 'The order status is {{status}}; only orders waiting for shipment (2) can be shipped.',
  },
  /** Completing a shop order that is not shipped (`data.status`). */
  completeStatus: {
    zh: '订单状态为 {{status}}，只有已发货(3)的订单可以完成',
    en: 'The order status is {{status}}; only shipped orders (3) can be completed.',
  },
  /** Rejecting a shop order in a status that cannot be rejected (`data.status`). */
  rejectStatus: {
    zh: '订单状态为 {{status}}，不能驳回',
    en: 'The order status is {{status}}; it cannot be rejected.',
  },
  /** Refunding a shop order in a status that cannot be refunded (`data.status`). */
  refundStatus: {
    zh: '订单状态为 {{status}}，不能退款',
    en: 'The order status is {{status}}; it cannot be refunded.',
  },

  // ---- Staff console (`/api/admin/…`) -------------------------------------------------------------
  /** HTTP 401: an admin endpoint without a live staff session (none, expired after 8 h idle, revoked). */
  staffSignInRequired: { zh: '请先登录管理后台', en: 'Please sign in to the console.' },
  /** HTTP 403: the staff member's role does not hold the endpoint's permission. */
  staffForbidden: { zh: '当前角色无权执行此操作', en: 'Your role does not allow this action.' },
  /** HTTP 403: a write without the session's `x-csrf-token` header, or with another value. */
  staffCsrfInvalid: {
    zh: '请求校验失败，请刷新页面后重试',
    en: 'The request could not be verified. Please reload the page and try again.',
  },
  /** HTTP 403: the first sign-in (or one after a reset) must change the password before anything else. */
  staffPasswordChangeRequired: {
    zh: '首次登录请先修改密码',
    en: 'Please change your password before continuing.',
  },
  /** A wrong username, password or code; which one is not said. */
  staffLoginFailed: { zh: '用户名、密码或动态码不正确', en: 'The username, password or code is wrong.' },
  /** Five failed sign-ins in a row: the account waits until `data.lockedUntil` (15 minutes). */
  staffLocked: {
    zh: '登录失败次数过多，账号已锁定15分钟',
    en: 'Too many failed sign-ins: the account is locked for 15 minutes.',
  },
  /** A password change whose current password is wrong. */
  staffPasswordWrong: { zh: '当前密码不正确', en: 'The current password is wrong.' },
  /** A new password shorter than 10 characters, or the same as the current one. */
  staffPasswordWeak: {
    zh: '新密码至少10位，且不能与当前密码相同',
    en: 'The new password needs at least 10 characters and must differ from the current one.',
  },
  /** A username that is not 3–32 lowercase letters, digits, `.`, `_` or `-`, starting with a letter. */
  staffUsernameInvalid: {
    zh: '用户名须为3-32位小写字母、数字、.、_或-，以字母开头',
    en: 'The username must be 3 to 32 lowercase letters, digits, ".", "_" or "-", starting with a letter.',
  },
  /** Adding a staff member whose username is taken. */
  staffExists: { zh: '该用户名已存在', en: 'This username is already taken.' },
  /** A staff member that does not exist. */
  staffGone: { zh: '员工不存在', en: 'This staff member does not exist.' },
  /** A tracking number that is not 6–32 letters, digits or `-`. */
  trackingNoInvalid: {
    zh: '请输入6-32位快递单号（字母、数字或-）',
    en: 'Enter a tracking number of 6 to 32 letters, digits or "-".',
  },
  /** A batch-ship line without an order number, a courier and a tracking number. */
  batchLineInvalid: {
    zh: '格式应为：订单号,快递公司,快递单号',
    en: 'A line must read: order number, courier, tracking number.',
  },
  /** A batch ship of more lines than allowed (`data.max`). */
  batchTooLarge: { zh: '一次最多 {{max}} 行', en: 'At most {{max}} lines at a time.' },
  /** A real-name submission that does not exist. */
  submissionNotFound: { zh: '认证记录不存在', en: 'This verification does not exist.' },
  /** An owner disabling their own account. */
  staffSelfDisable: { zh: '不能停用自己的账号', en: 'You cannot disable your own account.' },
  /** A payment callback-log line that does not exist. */
  callbackNotFound: { zh: '回调记录不存在', en: 'This callback record does not exist.' },
  /** A job the console asked to run that this server does not have. */
  jobNotFound: { zh: '任务不存在', en: 'This job does not exist.' },
  /** Suspending a card that is not running (`data.simStatus`). */
  cardNotRunning: {
    zh: '卡状态为 {{simStatus}}，只有正常的卡可以停机',
    en: 'The card state is {{simStatus}}; only a running card can be suspended.',
  },
  /** Resuming a card that is not stopped (`data.simStatus`). */
  cardNotStopped: {
    zh: '卡状态为 {{simStatus}}，只有停机的卡可以复机',
    en: 'The card state is {{simStatus}}; only a stopped card can be resumed.',
  },
  /** The operator's platform did not answer a staff action (suspend, resume, re-sync). */
  carrierUnreachable: {
    zh: '运营商平台暂时无法连接，请稍后再试',
    en: 'The operator platform cannot be reached. Please try again later.',
  },
  /** A balance adjustment of zero. */
  adjustAmountZero: { zh: '调整金额不能为 0', en: 'The adjustment must not be zero.' },
  /** A batch of pasted ICCIDs with none in it. */
  cardBatchEmpty: { zh: '请粘贴至少一个 ICCID', en: 'Paste at least one ICCID.' },
  /** A card batch job that does not exist. */
  cardJobNotFound: { zh: '任务不存在', en: 'This job does not exist.' },
  /** A bulk price that is not an amount in yuan with at most two decimals. */
  inventoryPriceInvalid: {
    zh: '请输入正确的价格（最多两位小数）',
    en: 'Enter a price in yuan with at most two decimals.',
  },
  /** An inventory import file larger than allowed (`data.max` rows). */
  importTooLarge: { zh: '一次最多导入 {{max}} 行', en: 'At most {{max}} rows per import.' },
  /** An inventory import file that is neither CSV nor XLSX, or cannot be read. */
  importFileInvalid: { zh: '请上传 CSV 或 XLSX 文件', en: 'Upload a CSV or XLSX file.' },
  /** A console batch job that does not exist. */
  jobGone: { zh: '任务不存在', en: 'This job does not exist.' },
  /** A console batch job whose process stopped before it ended (a restart): it has to be run again. */
  jobInterrupted: {
    zh: '任务因服务重启而中断，请重新运行',
    en: 'The job was interrupted by a server restart. Please run it again.',
  },
  /** A catalogue item (of the kind asked) that does not exist. */
  catalogueItemGone: { zh: '该条目不存在', en: 'This item does not exist.' },
  /** Saving an item with the natural key of another one (`data.field` names the key's field). */
  catalogueKeyTaken: {
    zh: '已存在同名条目（同一推广码下不能重名）',
    en: 'Another item already uses this name (or code) for this promoter.',
  },
  /** An item for a promoter code that does not exist (`data.promoCode`). */
  cataloguePromoterUnknown: { zh: '推广码不存在：{{promoCode}}', en: 'There is no promoter {{promoCode}}.' },
  /** A promoter code that is not letters, digits, `_` or `-` (at most 32). */
  cataloguePromoCodeInvalid: {
    zh: '推广码须为最多32位字母、数字、_或-',
    en: 'A promoter code is at most 32 letters, digits, "_" or "-".',
  },
  /** An image or link that is neither an http(s) address nor a site path starting with `/`. */
  catalogueImageInvalid: {
    zh: '请输入 http(s) 地址或以 / 开头的站内路径',
    en: 'Enter an http(s) address or a site path starting with /.',
  },
  /** A code (task, page, speed, agreement) that is not 1–32 letters, digits, `_` or `-`. */
  catalogueCodeInvalid: {
    zh: '编码须为1-32位字母、数字、_或-',
    en: 'A code is 1 to 32 letters, digits, "_" or "-".',
  },
  /** An original price below the price. */
  catalogueOriginalBelowPrice: { zh: '原价不能低于售价', en: 'The original price must not be below the price.' },
  /** Two options of one points-mall goods with the same name. */
  catalogueSkuRepeated: { zh: '规格名称重复', en: 'An option name is repeated.' },
  /** Removing an option that an open points-mall order holds (`data.specText`). */
  catalogueSkuInUse: {
    zh: '规格“{{specText}}”有未完成的订单，不能删除',
    en: 'The option "{{specText}}" has open orders and cannot be removed.',
  },
  /** Adding options to a points-mall goods while open orders hold the goods without an option. */
  catalogueOptionsInUse: {
    zh: '该商品有未完成的无规格订单，暂不能添加规格',
    en: 'This goods has open orders without an option; options can be added once they are done.',
  },
  /** A page theme that is not a #rrggbb colour. */
  catalogueThemeInvalid: { zh: '主题色须为 #rrggbb 格式', en: 'The theme colour must read #rrggbb.' },
  /** Saving an item under an id of another kind. */
  catalogueKindMismatch: { zh: '条目类型不一致', en: 'This item is of another kind.' },
  /** An uploaded image that is not PNG, JPEG, GIF or WebP by its first bytes. */
  imageType: { zh: '请上传 PNG、JPG、GIF 或 WebP 图片', en: 'Upload a PNG, JPG, GIF or WebP image.' },
  /** An uploaded image larger than MEDIA_MAX_BYTES (`data.maxKb`). */
  imageTooLarge: { zh: '图片不能超过 {{maxKb}} KB', en: 'The image must not exceed {{maxKb}} KB.' },
  /** A promoter code that does not exist (`data.code`). */
  promoterNotFound: { zh: '推广商 {{code}} 不存在', en: 'Promoter {{code}} does not exist.' },
  /** Creating a promoter whose code is taken (`data.code`). */
  promoterExists: { zh: '推广商 {{code}} 已存在', en: 'Promoter {{code}} already exists.' },
  /** A parent code that is not an existing agent (`data.parentCode`). */
  promoterParentInvalid: {
    zh: '上级 {{parentCode}} 不是已有的代理',
    en: 'The parent {{parentCode}} is not an existing agent.',
  },
  /** A domain already bound to another promoter (`data.domain`, `data.code`). */
  promoterDomainTaken: {
    zh: '域名 {{domain}} 已绑定推广商 {{code}}',
    en: 'The domain {{domain}} is already bound to promoter {{code}}.',
  },
  /** Closing the default shop. */
  promoterDefaultClosed: { zh: '默认店铺不能停用', en: 'The default shop cannot be disabled.' },
} as const satisfies Record<string, ReasonText>;

/** The id of a refusal: a typo is a compile error. */
export type Reason = keyof typeof REASONS;

// Pure: a bundle that reads no reason text (the web's first screen) leaves the table out.
export const ALL_REASONS: readonly Reason[] = /* @__PURE__ */ Object.keys(REASONS) as Reason[];

export function isReason(value: unknown): value is Reason {
  return typeof value === 'string' && Object.hasOwn(REASONS, value);
}

/** The languages the table carries: the server's (zh-Hans) and the CLI's (English). */
export type ReasonLanguage = keyof ReasonText;

/**
 * Fills `{{name}}` from `params` (an answer's `data`); a name the params do not carry is left as
 * written, so a missing parameter shows rather than vanishes.
 */
export function interpolate(text: string, params: unknown): string {
  if (!text.includes('{{')) return text;
  const values = params !== null && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** The text of a reason in one language, with its parameters from `data`. */
export function reasonText(reason: Reason, data: unknown = null, language: ReasonLanguage = 'zh'): string {
  return interpolate(REASONS[reason][language], data);
}
