"""The 39 routes of the merchant app (spec section 2) and ours (terms: the published terms, issue 32). Django serves
the SPA shell on each of them."""

SPA_ROUTES = [
    "home", "product", "order", "distribution", "goods", "my", "setting", "personalInfo", "refundRequest",
    "fundsRecords", "settingup", "finance", "orderDetail", "goodsDetail", "withdraw", "withdrawRecord",
    "recharge", "walletRecharge", "bankCardRecharge", "changeLoginPassword", "forgetPwd", "changePayPassword",
    "setPaypwd", "blockchainRecharge", "rechargeRecord", "message", "messageDetail", "login", "register",
    "storeExpress", "buyTrainBill", "level", "baseinfo", "socialmedia", "alliance", "uploadBanner", "service",
    "services", "code", "terms",
]  # fmt: skip
