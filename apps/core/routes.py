"""The 39 routes of the merchant app (spec section 2), and the platform's own (issue 32: accountHistory, the operator
actions on the account; terms, the published terms; issue 36: security (two-step sign-in), devices, payout
destinations, passkeys; issue 37: notifications, Web Push on this phone). Django serves the SPA shell on each of
them."""

SPA_ROUTES = [
    "home", "product", "order", "distribution", "goods", "my", "setting", "personalInfo", "refundRequest",
    "fundsRecords", "settingup", "finance", "orderDetail", "goodsDetail", "withdraw", "withdrawRecord",
    "recharge", "walletRecharge", "bankCardRecharge", "changeLoginPassword", "forgetPwd", "changePayPassword",
    "setPaypwd", "blockchainRecharge", "rechargeRecord", "message", "messageDetail", "login", "register",
    "storeExpress", "buyTrainBill", "level", "baseinfo", "socialmedia", "alliance", "uploadBanner", "service",
    "services", "code", "accountHistory", "terms", "devices", "security", "payoutDestinations", "passkeys",
    "notifications",
]  # fmt: skip
