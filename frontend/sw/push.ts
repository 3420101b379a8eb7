/** Web Push: the notifications the server sends (push) and what a tap on one opens (notificationclick). */
export {};
