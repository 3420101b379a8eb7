"""Account services, by concern: they write; views and the admin call them (conventions.md)."""

from .merchants import (
    REASON_OPTIONAL,
    Registration,
    merchant_avatar_set,
    merchant_language_set,
    merchant_register,
    merchant_resubmit,
    merchant_tkregister,
    merchant_transition,
    registration_taken_notify,
)
from .operator_actions import operator_action_record
from .passwords import (
    ONE_TIME_CODE_MAX_FAILURES,
    one_time_code_deliver,
    one_time_code_send,
    one_time_code_use,
    password_change,
    password_reset,
    pay_password_check,
    pay_password_set,
)
from .sessions import (
    PartnerLink,
    merchant_login,
    session_create,
    session_revoke,
    session_revoke_all,
    third_party_link_keep,
    third_party_link_spend,
    third_party_link_verify,
    third_party_login,
)
from .zones import merchant_time_zone_set, time_zone_names

__all__ = [
    "ONE_TIME_CODE_MAX_FAILURES",
    "REASON_OPTIONAL",
    "PartnerLink",
    "Registration",
    "merchant_avatar_set",
    "merchant_language_set",
    "merchant_login",
    "merchant_register",
    "merchant_resubmit",
    "merchant_time_zone_set",
    "merchant_tkregister",
    "merchant_transition",
    "one_time_code_deliver",
    "one_time_code_send",
    "one_time_code_use",
    "operator_action_record",
    "password_change",
    "password_reset",
    "pay_password_check",
    "pay_password_set",
    "registration_taken_notify",
    "session_create",
    "session_revoke",
    "session_revoke_all",
    "third_party_link_keep",
    "third_party_link_spend",
    "third_party_link_verify",
    "third_party_login",
    "time_zone_names",
]
