import { defineMessages, type MessageValue } from "react-intl";

/** Texts of the wallet screens. Spec messages keep the spec's English as defaultMessage. */
const plainMessages = defineMessages({
  // My: wallet block
  balance: { id: "wallet.balance", defaultMessage: "Balance", description: "My: available balance label" },
  totalIncome: { id: "wallet.totalIncome", defaultMessage: "Settled sales", description: "My: lifetime settled sales (the spec's total income)" },
  heldAmount: {
    id: "wallet.heldAmount",
    defaultMessage: "In withdrawal review",
    description: "My: the part of the pending amount held for withdrawals under review (returned if not approved)",
  },
  pendingSales: {
    id: "wallet.pendingSales",
    defaultMessage: "Sales awaiting settlement",
    description: "My: sales of received orders, added to the balance when they settle",
  },
  // The basis of each wallet figure (product.md 11), behind its info tap: one line each.
  infoBalance: {
    id: "wallet.info.balance",
    defaultMessage: "What you can withdraw or spend now.",
    description: "Wallet card: the basis of Balance (info tap)",
  },
  infoTotalIncome: {
    id: "wallet.info.totalIncome",
    defaultMessage: "Sales of your orders settled into your balance since the shop opened.",
    description: "Wallet card: the basis of Settled sales (info tap)",
  },
  infoHeldAmount: {
    id: "wallet.info.heldAmount",
    defaultMessage: "Held for your withdrawals under review; it comes back to your balance if one is not approved.",
    description: "Wallet card: the basis of In withdrawal review (info tap)",
  },
  infoPendingSales: {
    id: "wallet.info.pendingSales",
    defaultMessage: "Sales of received orders, added to your balance when they settle.",
    description: "Wallet card: the basis of Sales awaiting settlement (info tap)",
  },
  withdraw: { id: "wallet.withdraw", defaultMessage: "Withdraw", description: "Button: go to the withdrawal form" },
  deposit: { id: "wallet.deposit", defaultMessage: "Deposit", description: "Button: go to the deposit methods" },

  // Recharge: methods
  chooseMethod: { id: "recharge.chooseMethod", defaultMessage: "Choose how to deposit", description: "Recharge screen heading" },
  chainDeposit: { id: "recharge.chain", defaultMessage: "Chain deposit", description: "Deposit method: cryptocurrency transfer" },
  chainDepositHint: {
    id: "recharge.chainHint",
    defaultMessage: "Send USDT to the platform's address and upload the voucher",
    description: "Deposit method description",
  },
  manualDeposit: { id: "recharge.manual", defaultMessage: "Manual deposit", description: "Deposit method: bank card transfer" },
  manualDepositHint: {
    id: "recharge.manualHint",
    defaultMessage: "Transfer by bank card to the platform's account",
    description: "Deposit method description",
  },
  depositRecords: { id: "recharge.records", defaultMessage: "Deposit records", description: "Link to the deposit records" },
  reviewHint: {
    id: "recharge.reviewHint",
    defaultMessage: "Deposits are added to your balance once they are verified. You are notified of the result.",
    description: "Recharge screen note",
  },

  // WalletRecharge / BlockchainRecharge
  chooseNetwork: { id: "recharge.chooseNetwork", defaultMessage: "Choose a network", description: "WalletRecharge heading" },
  noNetworks: {
    id: "recharge.noNetworks",
    defaultMessage: "No deposit network is open at the moment.",
    description: "No deposit network configured",
  },
  network: { id: "recharge.network", defaultMessage: "Network", description: "Field label: deposit or withdrawal network" },
  changeNetwork: { id: "recharge.changeNetwork", defaultMessage: "Change network", description: "Link back to the network list" },
  minimum: { id: "recharge.minimum", defaultMessage: "Minimum deposit", description: "Label: minimum amount of a deposit" },
  confirmations: {
    id: "recharge.confirmations",
    defaultMessage: "Confirmations required",
    description: "Label: block confirmations before a chain deposit counts",
  },
  depositAddress: { id: "recharge.address", defaultMessage: "Deposit address", description: "The platform's address of the network" },
  qrAlt: { id: "recharge.qrAlt", defaultMessage: "QR code of the deposit address", description: "Alt text of the QR image" },
  amount: { id: "wallet.amount", defaultMessage: "Amount", description: "Field label: money amount" },
  amountPlaceholder: { id: "wallet.amountPlaceholder", defaultMessage: "Enter the amount", description: "Amount field placeholder" },
  amountRequired: { id: "wallet.amountRequired", defaultMessage: "Please enter the amount", description: "Validation" },
  amountInvalid: {
    id: "wallet.amountInvalid",
    defaultMessage: "Enter an amount with at most 2 decimals",
    description: "Validation: not a number or too many decimals",
  },
  cannotBeZero: { id: "wallet.cannotBeZero", defaultMessage: "Cannot be zero", description: "Validation (spec message)" },
  voucher: { id: "recharge.voucher", defaultMessage: "Deposit voucher", description: "Field label: screenshot of the transfer" },
  voucherHint: {
    id: "recharge.voucherHint",
    defaultMessage: "A screenshot of the completed transfer",
    description: "Under the voucher upload",
  },
  voucherRequired: {
    id: "recharge.voucherRequired",
    defaultMessage: "Please upload recharge voucher",
    description: "Validation (spec message)",
  },
  txHash: { id: "recharge.txHash", defaultMessage: "Transaction hash (optional)", description: "Field label" },
  txHashPlaceholder: {
    id: "recharge.txHashPlaceholder",
    defaultMessage: "Paste it to have the deposit verified faster",
    description: "Transaction hash placeholder",
  },
  submitDeposit: { id: "recharge.submit", defaultMessage: "Submit deposit", description: "Button" },

  // BankCardRecharge
  platformBank: { id: "recharge.platformBank", defaultMessage: "Transfer to", description: "Heading of the platform's bank details" },
  noBanks: {
    id: "recharge.noBanks",
    defaultMessage: "Bank deposits are not open at the moment.",
    description: "No bank details configured",
  },
  bankName: { id: "wallet.bankName", defaultMessage: "Bank name", description: "Field label" },
  accountName: { id: "recharge.accountName", defaultMessage: "Account name", description: "Bank details label" },
  accountNumber: { id: "recharge.accountNumber", defaultMessage: "Account number", description: "Bank details label" },
  branch: { id: "recharge.branch", defaultMessage: "Branch", description: "Bank details label" },
  yourTransfer: { id: "recharge.yourTransfer", defaultMessage: "Your transfer", description: "Heading of the bank deposit form" },
  payerName: { id: "recharge.name", defaultMessage: "Name", description: "Field label: the card holder's name" },
  payerNamePlaceholder: { id: "recharge.namePlaceholder", defaultMessage: "Name on the card", description: "Placeholder" },
  nameRequired: { id: "recharge.nameRequired", defaultMessage: "Please enter the name", description: "Validation" },
  cardNumber: { id: "wallet.cardNumber", defaultMessage: "Card number", description: "Field label" },
  cardNumberPlaceholder: { id: "wallet.cardNumberPlaceholder", defaultMessage: "Enter the card number", description: "Placeholder" },
  cardNumberRequired: { id: "wallet.cardNumberRequired", defaultMessage: "Please enter the card number", description: "Validation" },
  cardNumberInvalid: {
    id: "wallet.cardNumberInvalid",
    defaultMessage: "The card number is not valid",
    description: "Validation: not 8 to 40 digits (spaces and dashes allowed)",
  },
  bankNamePlaceholder: { id: "wallet.bankNamePlaceholder", defaultMessage: "Enter the bank name", description: "Placeholder" },
  bankNameRequired: { id: "wallet.bankNameRequired", defaultMessage: "Please enter the bank name", description: "Validation" },
  receipt: { id: "recharge.receipt", defaultMessage: "Transfer receipt (optional)", description: "Field label: bank receipt image" },

  // Records
  orderNumber: { id: "records.orderNumber", defaultMessage: "Order number", description: "Deposit record: number" },
  withdrawalNumber: { id: "records.withdrawalNumber", defaultMessage: "Withdrawal number", description: "Withdrawal record: number" },
  time: { id: "records.time", defaultMessage: "Time", description: "Record: time" },
  credited: { id: "records.credited", defaultMessage: "Credited", description: "Deposit record: amount actually credited" },
  fee: { id: "withdraw.fee", defaultMessage: "Fee", description: "Withdrawal fee" },
  actualAmount: { id: "withdraw.actualAmount", defaultMessage: "Actual amount received", description: "Amount minus fee" },
  account: { id: "records.account", defaultMessage: "To", description: "Withdrawal record: card number or address paid to" },

  // Withdraw
  method: { id: "withdraw.method", defaultMessage: "Method", description: "Field label: bank card or blockchain" },
  currency: { id: "withdraw.currency", defaultMessage: "Currency", description: "Field label" },
  fullName: { id: "withdraw.fullName", defaultMessage: "Full name", description: "Field label" },
  fullNamePlaceholder: { id: "withdraw.fullNamePlaceholder", defaultMessage: "Your full name", description: "Placeholder" },
  fullNameRequired: { id: "withdraw.fullNameRequired", defaultMessage: "Please enter your full name", description: "Validation" },
  address: { id: "withdraw.address", defaultMessage: "Address", description: "Field label: wallet address to pay to" },
  addressRequired: { id: "withdraw.addressRequired", defaultMessage: "Please enter the address", description: "Validation" },
  networkRequired: { id: "withdraw.networkRequired", defaultMessage: "Please choose a network", description: "Validation" },
  all: { id: "withdraw.all", defaultMessage: "All", description: "Button: fill the whole balance" },
  exceedsBalance: { id: "withdraw.exceedsBalance", defaultMessage: "Cannot exceed balance", description: "Validation (spec message)" },
  feeRuleTitle: { id: "withdraw.feeRuleTitle", defaultMessage: "Fees", description: "Heading of the fee rule" },
  feePreviewHint: {
    id: "withdraw.feePreviewHint",
    defaultMessage: "Enter an amount to see the fee and the amount you receive.",
    description: "Before an amount is typed",
  },
  reviewNote: {
    id: "withdraw.reviewNote",
    defaultMessage: "The amount is held while the withdrawal is reviewed, and returned if it is not approved.",
    description: "Withdraw screen note",
  },
  submitWithdraw: { id: "withdraw.submit", defaultMessage: "Withdraw", description: "Button" },
  withdrawAction: { id: "withdraw.action", defaultMessage: "Withdrawal", description: "Payment password prompt: what is paid" },
  withdrawRecords: { id: "withdraw.records", defaultMessage: "Withdrawal records", description: "Link" },
  reviewDeadline: {
    id: "records.reviewDeadline",
    defaultMessage: "Review deadline",
    description: "Withdrawal record in review: when it is due to be paid or not approved",
  },
  overdue: {
    id: "records.overdue",
    defaultMessage: "Overdue",
    description: "Tag on a withdrawal still in review past its review deadline",
  },
  overdueNote: {
    id: "records.overdueNote",
    defaultMessage: "Not reviewed by its deadline. The operators have been alerted; you can wait or cancel it.",
    description: "Withdrawal record in review past its deadline",
  },
  cancelWithdrawal: {
    id: "records.cancelWithdrawal",
    defaultMessage: "Cancel withdrawal",
    description: "Button on a withdrawal in review, and the confirm button of its dialog: cancel it, amount back to the balance",
  },
  keepWithdrawal: {
    id: "records.keepWithdrawal",
    defaultMessage: "Keep it",
    description: "Dialog button: do not cancel the withdrawal, it stays in review",
  },

  // Funds records
  tabAll: { id: "funds.all", defaultMessage: "All", description: "Funds records tab" },
  tabRecharge: { id: "funds.recharge", defaultMessage: "Deposit", description: "Funds records tab: deposits" },
  tabWithdraw: { id: "funds.withdraw", defaultMessage: "Withdrawal", description: "Funds records tab" },
  tabOrder: { id: "funds.order", defaultMessage: "Orders", description: "Funds records tab" },
  // Payout destinations (issue 36)
  destination: { id: "destinations.field", defaultMessage: "Payout destination", description: "Withdraw form: where the money is paid to" },
  destinationNew: { id: "destinations.new", defaultMessage: "Add a destination", description: "Withdraw form: the choice that shows the bank card or address fields" },
  destinationsLink: { id: "destinations.link", defaultMessage: "Payout destinations", description: "Link to the payout destinations screen" },
  destinationUsable: { id: "destinations.usable", defaultMessage: "Usable", description: "Payout destination status" },
  destinationSave: { id: "destinations.save", defaultMessage: "Save destination", description: "Withdraw form button when adding a destination" },
  destinationRemove: { id: "destinations.remove", defaultMessage: "Remove", description: "Button: remove a payout destination" },
  destinationKeep: { id: "destinations.keep", defaultMessage: "Keep", description: "Dialog button: do not remove the destination" },
  destinationConfirmNow: { id: "destinations.confirmNow", defaultMessage: "Confirm now", description: "Button: make a waiting destination usable at once with the two-step sign-in code" },
  destinationCode: { id: "destinations.code", defaultMessage: "Two-step sign-in code", description: "Label of the code field" },
  destinationCodePlaceholder: { id: "destinations.codePlaceholder", defaultMessage: "6-digit code or a recovery code", description: "Placeholder of the code field" },
  destinationConfirm: { id: "destinations.confirm", defaultMessage: "Confirm", description: "Button: send the code" },
  destinationsEmpty: { id: "destinations.empty", defaultMessage: "No payout destinations yet. Add one on the withdraw screen.", description: "Payout destinations screen without any" },
  destinationsTurnOn: {
    id: "destinations.turnOn",
    defaultMessage: "Turn on two-step sign-in in Personal information to confirm new destinations at once.",
    description: "Payout destinations screen when two-step sign-in is off",
  },
  destinationAddHint: {
    id: "destinations.addHint",
    defaultMessage: "The destination is saved first; you can withdraw to it once it is usable.",
    description: "Withdraw form: what saving a new destination does",
  },
});

/** Messages with arguments carry their argument types (react-intl 12 typed messages). */
const argumentMessages = defineMessages<{
  networkSummary: { readonly confirmations: MessageValue; readonly minimum: MessageValue };
  addressHint: { readonly currency: MessageValue; readonly network: MessageValue };
  amountIn: { readonly currency: MessageValue };
  reason: { readonly reason: MessageValue };
  addressPlaceholder: { readonly format: MessageValue };
  available: { readonly amount: MessageValue };
  belowMinimum: { readonly minimum: MessageValue };
  belowDepositMinimum: { readonly minimum: MessageValue };
  aboveMaximum: { readonly maximum: MessageValue };
  withdrawMaximum: { readonly maximum: MessageValue };
  depositMaximum: { readonly maximum: MessageValue };
  feeRule: { readonly fixed: MessageValue; readonly minimum: MessageValue; readonly percent: MessageValue };
  balanceAfter: { readonly amount: MessageValue };
  upgrade: { readonly amount: MessageValue };
  upgradeConfirm: { readonly amount: MessageValue; readonly level: MessageValue };
  upgradeAction: { readonly level: MessageValue };
  tokenRate: { readonly one: MessageValue; readonly token: MessageValue };
  addressInvalid: { readonly network: MessageValue };
  reviewHours: { readonly hours: MessageValue };
  cancelConfirm: { readonly amount: MessageValue; readonly number: MessageValue };
  coolingOff: { readonly hours: MessageValue };
  usableFrom: { readonly date: MessageValue };
  destinationShown: { readonly account: MessageValue; readonly name: MessageValue };
  destinationRemoveConfirm: { readonly account: MessageValue; readonly name: MessageValue };
}>({
  coolingOff: {
    id: "destinations.coolingOff",
    defaultMessage:
      "New destinations can be used {hours, plural, one {# hour} other {# hours}} after they are added, or at once with your two-step sign-in code.",
    description: "Withdraw and payout destinations screens: the published cooling-off of a new destination",
  },
  destinationShown: {
    id: "destinations.shown",
    defaultMessage: "{name} ({account})",
    description: "A payout destination in one line: its name and its last digits or shortened address",
  },
  usableFrom: { id: "destinations.usableFrom", defaultMessage: "Usable from {date}", description: "Payout destination status while it waits" },
  destinationRemoveConfirm: {
    id: "destinations.removeConfirm",
    defaultMessage: "Remove {name} ({account})? Withdrawals to it will no longer be possible.",
    description: "Confirm dialog before removing a payout destination",
  },
  reviewHours: {
    id: "withdraw.reviewHours",
    defaultMessage:
      "Withdrawals are reviewed within {hours, plural, one {# hour} other {# hours}}. While a withdrawal is in review you can cancel it in the withdrawal records: the amount goes back to your balance.",
    description: "Withdraw screen: the published review deadline, and that a withdrawal in review can be cancelled",
  },
  cancelConfirm: {
    id: "records.cancelConfirm",
    defaultMessage: "Cancel withdrawal {number}? {amount} goes back to your balance.",
    description: "Confirm dialog before cancelling a withdrawal in review",
  },
  addressInvalid: {
    id: "withdraw.addressInvalid",
    defaultMessage: "This is not a valid {network} address",
    description: "Validation: the address does not have the network's format",
  },
  tokenRate: {
    id: "wallet.tokenRate",
    defaultMessage: "1 {token} counts as {one}: chain deposits are credited and withdrawals paid out one to one.",
    description: "How a chain token relates to the platform currency; {one} is one unit of it, e.g. $1.00",
  },
  networkSummary: {
    id: "recharge.networkSummary",
    defaultMessage: "Minimum {minimum} · {confirmations} confirmations",
    description: "Network list item description",
  },
  addressHint: {
    id: "recharge.addressHint",
    defaultMessage: "Send only {currency} on {network} to this address.",
    description: "Under the deposit address",
  },
  amountIn: { id: "wallet.amountIn", defaultMessage: "Amount ({currency})", description: "Field label with the currency" },
  reason: { id: "records.reason", defaultMessage: "Reason: {reason}", description: "Record: why it was not approved" },
  addressPlaceholder: { id: "withdraw.addressPlaceholder", defaultMessage: "Format: {format}", description: "Placeholder" },
  available: { id: "withdraw.available", defaultMessage: "Available: {amount}", description: "Under the amount field" },
  belowMinimum: {
    id: "withdraw.belowMinimum",
    defaultMessage: "The minimum withdrawal is {minimum}",
    description: "Validation",
  },
  belowDepositMinimum: {
    id: "recharge.belowMinimum",
    defaultMessage: "The minimum deposit is {minimum}",
    description: "Validation: a chain deposit below the network's minimum",
  },
  aboveMaximum: {
    id: "wallet.aboveMaximum",
    defaultMessage: "The amount cannot be more than {maximum}",
    description: "Validation: above the largest amount one deposit or withdrawal may have",
  },
  withdrawMaximum: {
    id: "withdraw.maximum",
    defaultMessage: "Maximum withdrawal: {maximum}.",
    description: "Under the fee rule: the largest amount one withdrawal may ask for",
  },
  depositMaximum: {
    id: "recharge.maximum",
    defaultMessage: "At most {maximum} per deposit.",
    description: "Under the deposit amount field: the largest amount one deposit may declare",
  },
  feeRule: {
    id: "withdraw.feeRule",
    defaultMessage: "Fee: {fixed} + {percent}% of the amount. Minimum withdrawal: {minimum}.",
    description: "The published withdrawal fee rule",
  },
  balanceAfter: { id: "funds.balanceAfter", defaultMessage: "Balance {amount}", description: "Balance after the line" },

  // Level upgrade
  upgrade: { id: "wallet.levelUpgrade", defaultMessage: "Upgrade for {amount}", description: "Button on a higher level card" },
  upgradeConfirm: {
    id: "wallet.levelUpgradeConfirm",
    defaultMessage: "Upgrade to {level}? {amount} (the difference to your current level's price) is paid from your balance.",
    description: "Confirm dialog before paying an upgrade",
  },
  upgradeAction: {
    id: "wallet.levelUpgradeAction",
    defaultMessage: "Upgrade to {level}",
    description: "Payment password prompt: what is paid",
  },

});

export const walletMessages = { ...plainMessages, ...argumentMessages };
