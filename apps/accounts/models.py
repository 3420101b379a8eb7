import hashlib
import secrets
from typing import ClassVar

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from apps.core.models import AppendOnlyModel, TimeStampedModel

from .constants import (
    MERCHANT_TRANSITIONS,
    RECOVERY_OPEN,
    RECOVERY_TRANSITIONS,
    CodePurpose,
    MerchantCountries,
    MerchantStatus,
    RecoveryStatus,
)


class Merchant(AbstractBaseUser, TimeStampedModel):
    """A shop owner. Not a Django auth user: operators are Django users, merchants sign in with tokens.

    AbstractBaseUser gives the hashed `password` (Argon2 via PASSWORD_HASHERS) and is_authenticated.
    """

    TRANSITIONS = MERCHANT_TRANSITIONS
    TRANSITION_REFUSED = _("A merchant who is %(current)s cannot become %(target)s.")

    phone = models.CharField(_("phone"), max_length=32, unique=True)
    email = models.EmailField(_("email"), null=True, blank=True, unique=True)
    real_name = models.CharField(_("real name"), max_length=100)
    # An ISO code since registration checks it; rows from before keep the free text they had (max_length for them).
    country = CountryField(_("country"), countries=MerchantCountries, max_length=64)
    status = models.CharField(
        _("status"), max_length=16, choices=MerchantStatus.choices, default=MerchantStatus.PENDING, db_index=True
    )
    status_reason = models.CharField(_("reason"), max_length=255, blank=True)
    language = models.CharField(_("language"), max_length=8, default="ru-RU")
    time_zone = models.CharField(
        _("time zone"), max_length=64, blank=True, help_text=_("The IANA zone the shop's dates are counted in.")
    )
    avatar = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    id_front = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    id_back = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    id_hand = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    business_license = models.ForeignKey(
        "core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Personal invitation code handed to the merchants this one invites (alliance).
    invite_code = models.CharField(max_length=16, unique=True)
    invited_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="invitees")
    invitation = models.ForeignKey(
        "accounts.InvitationCode", null=True, blank=True, on_delete=models.PROTECT, related_name="merchants"
    )
    # Payment password: same hasher as the login password; empty until set.
    pay_password = models.CharField(max_length=128, blank=True)
    pay_password_failures = models.PositiveSmallIntegerField(default=0)
    pay_password_locked_until = models.DateTimeField(null=True, blank=True)
    # The one lockout (services.guard) counts on pay_password_failures / pay_password_locked_until. These two are
    # no longer read: dropping them breaks tests/support/test_image_owner_migration.py, whose older model writes them.
    password_failures = models.PositiveSmallIntegerField(default=0)
    password_locked_until = models.DateTimeField(null=True, blank=True)
    level = models.ForeignKey("shop.Level", null=True, blank=True, on_delete=models.PROTECT, related_name="merchants")
    # Two-step sign-in (services.factors): an authenticator app's TOTP key (base32, RFC 6238), on once confirmed with
    # a code; the last time step accepted, so a code works once.
    # db_default: a row written by an older migration's model (which lacks the column) gets "" too.
    totp_key = models.CharField(max_length=64, blank=True, db_default="")
    totp_confirmed_at = models.DateTimeField(null=True, blank=True)
    totp_last_step = models.BigIntegerField(null=True, blank=True)
    # Each contact detail proved by a code sent to it (services.contacts); a change of it clears the proof.
    phone_verified_at = models.DateTimeField(_("phone verified"), null=True, blank=True)
    email_verified_at = models.DateTimeField(_("email verified"), null=True, blank=True)
    # "This wasn't me": money movements stay refused until the merchant recovers the account.
    money_locked_at = models.DateTimeField(_("money movements locked"), null=True, blank=True)
    # After a recovery or a password reset, no withdrawal before this moment (the payout cooling-off).
    withdrawals_held_until = models.DateTimeField(_("withdrawals held until"), null=True, blank=True)

    USERNAME_FIELD = "phone"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        verbose_name = _("merchant")
        verbose_name_plural = _("merchants")
        # The operators' decisions on a merchant (the admin's pages and list actions), apart from editing its fields.
        permissions = [
            ("approve_merchant", "Can approve or reject registrations"),
            ("close_merchant", "Can close or reopen shops"),
        ]

    def __str__(self) -> str:
        return f"{self.real_name} ({self.phone})"

    @staticmethod
    def new_invite_code() -> str:
        return secrets.token_hex(4).upper()


class InvitationCode(TimeStampedModel):
    """A platform invitation code issued by operators."""

    code = models.CharField(_("code"), max_length=32, unique=True)
    is_active = models.BooleanField(_("active"), default=True)
    note = models.CharField(_("note"), max_length=255, blank=True)

    class Meta:
        verbose_name = _("invitation code")
        verbose_name_plural = _("invitation codes")

    def __str__(self) -> str:
        return self.code


class AuthToken(models.Model):
    """An opaque session token. Only its SHA-256 is stored; the token itself is shown once, at sign-in."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="tokens")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    user_agent = models.CharField(max_length=255, blank=True)
    ip = models.GenericIPAddressField(null=True, blank=True)
    device = models.ForeignKey("accounts.Device", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        permissions = [("revoke_authtoken", "Can revoke merchant sessions")]

    def __str__(self) -> str:
        return f"session {self.pk} of {self.merchant_id}"

    @staticmethod
    def hash(raw: str) -> str:
        return hashlib.sha256(raw.encode()).hexdigest()


class Device(models.Model):
    """A browser the merchant signed in on: the app keeps a random key for it (only its SHA-256 is stored here) and
    sends it with each sign-in, so a sign-in from a device seen before is told apart from one on a new device
    (services.devices). A device is trusted once it passed the second factor (the sign-in's second step, or it is the
    one two-step sign-in was turned on from); turning two-step sign-in on or off forgets every other device's trust."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="devices")
    key_hash = models.CharField(max_length=64, unique=True)
    user_agent = models.CharField(max_length=255, blank=True)
    ip = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_seen_at = models.DateTimeField()
    trusted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("device")
        verbose_name_plural = _("devices")

    def __str__(self) -> str:
        return f"device {self.pk} of {self.merchant_id}"


class RecoveryCode(models.Model):
    """A one-time recovery code of two-step sign-in: shown once when made, only its hash kept, spent when used."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="recovery_codes")
    code_hash = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"recovery code {self.pk} of {self.merchant_id}"


class Passkey(models.Model):
    """A passkey (WebAuthn credential) of the merchant: signs in without the password, or is the second factor
    (services.passkeys). Only the public key is kept; the private key never leaves the merchant's authenticator."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="passkeys")
    credential_id = models.CharField(max_length=1400, unique=True)  # base64url of the authenticator's id (<= 1023 B)
    public_key = models.BinaryField()  # the COSE key from the registration's authenticator data
    sign_count = models.BigIntegerField(default=0)
    transports = models.JSONField(default=list, blank=True)
    user_handle = models.CharField(max_length=64)  # base64url of the random user.id the authenticator keeps
    name = models.CharField(_("name"), max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("passkey")
        verbose_name_plural = _("passkeys")

    def __str__(self) -> str:
        return f"passkey {self.pk} of {self.merchant_id}"


class PasskeyChallenge(models.Model):
    """A WebAuthn challenge handed out with options: used once (the row is deleted when an answer to it arrives,
    right or wrong) and only until expires_at. `merchant` is the signed-in merchant (registration, second factor),
    none for a sign-in without password."""

    challenge = models.CharField(max_length=64, unique=True)  # base64url of 32 random bytes
    purpose = models.CharField(max_length=16)
    merchant = models.ForeignKey(Merchant, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    user_handle = models.CharField(max_length=64, blank=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.purpose} challenge {self.pk}"


class OneTimeCode(models.Model):
    """A 6-digit code: for a forgotten password (sent to the account's address), for a new email or phone (sent to
    that new address, `target` "email:<address>" or "phone:<number>"), or to verify the current email or phone (sent
    to it, the same `target`). Only its hash is kept; it works once, for a few minutes, and only for its purpose and
    target."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="one_time_codes")
    purpose = models.CharField(max_length=16, choices=CodePurpose.choices, default=CodePurpose.PASSWORD)
    target = models.CharField(max_length=300, blank=True)
    code_hash = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["merchant", "used_at", "expires_at"])]

    def __str__(self) -> str:
        return f"code {self.pk} of {self.merchant_id}"


class ThirdPartyIdentity(models.Model):
    """A partner app's user linked to a merchant (third-party sign-in)."""

    partner = models.CharField(_("partner"), max_length=64)
    uid = models.CharField(_("partner user id"), max_length=128)
    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="third_party_identities")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("third-party identity")
        verbose_name_plural = _("third-party identities")
        constraints = [models.UniqueConstraint(fields=["partner", "uid"], name="unique_partner_uid")]

    def __str__(self) -> str:
        return f"{self.partner}:{self.uid}"


class ThirdPartyNonce(models.Model):
    """A partner link's nonce: spent once (used_at), or kept unspent for registration after `third`.

    Rows past `expires_at` are useless (the link is refused by then) and are deleted as new ones come.
    """

    partner = models.CharField(max_length=64)
    nonce = models.CharField(max_length=64)
    uid = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["partner", "nonce"], name="unique_partner_nonce")]

    def __str__(self) -> str:
        return f"{self.partner}:{self.nonce}"


class OperatorAction(AppendOnlyModel):
    """One thing an operator did to a merchant's account, money, shop or listings (product.md section 2.9).

    Written only by services.operator_action_record, which also sends the merchant its notice. The merchant reads
    these rows in the app (the account history); title is a gettext msgid with %(name)s placeholders filled from
    params, translated when read, like a message's. approver is the second operator, where the power needs one.
    """

    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="operator_actions")
    kind = models.CharField(_("action"), max_length=40, db_index=True)
    title = models.CharField(_("title"), max_length=255)
    params = models.JSONField(default=dict, blank=True)
    reason = models.CharField(_("reason"), max_length=255)
    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("operator"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    approver = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("approved by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(_("time"), default=timezone.now, editable=False, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("operator action")
        verbose_name_plural = _("operator actions")
        indexes = [models.Index(fields=["merchant", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} on {self.merchant_id}"

    def rendered_title(self) -> str:
        return gettext(self.title) % self.params if self.params else gettext(self.title)


class AccountRecovery(TimeStampedModel):
    """An operator's request to change the contact details of a merchant who lost access to them (product.md 2.9).

    Requested by one operator with a reason, approved (or rejected) by another; it applies only
    ACCOUNT_RECOVERY_DELAY_HOURS after the approval (effective_at), through the beat's task, and until then the
    merchant, told at each step in the app and at the old contact, can cancel it. Statuses move through
    apps.core.transitions (RECOVERY_TRANSITIONS); at most one is open (requested or approved) per merchant.
    """

    TRANSITIONS = RECOVERY_TRANSITIONS
    TRANSITION_REFUSED = _("This account recovery is %(current)s: it cannot become %(target)s.")

    merchant = models.ForeignKey(
        Merchant, verbose_name=_("merchant"), on_delete=models.PROTECT, related_name="recoveries"
    )
    new_email = models.EmailField(_("new email"), blank=True)
    new_phone = models.CharField(_("new phone"), max_length=32, blank=True)
    reason = models.CharField(_("reason"), max_length=255)
    status = models.CharField(
        _("status"), max_length=16, choices=RecoveryStatus.choices, default=RecoveryStatus.REQUESTED, db_index=True
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("requested by"), on_delete=models.PROTECT, related_name="+"
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("approved by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    effective_at = models.DateTimeField(_("takes effect at"), null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("account recovery")
        verbose_name_plural = _("account recoveries")
        permissions = [
            ("request_accountrecovery", "Can request an account recovery"),
            ("approve_accountrecovery", "Can approve or reject an account recovery"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["merchant"], condition=models.Q(status__in=RECOVERY_OPEN), name="accounts_one_open_recovery"
            ),
            models.CheckConstraint(
                condition=~models.Q(new_email="", new_phone=""), name="accounts_recovery_changes_something"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk}: {self.new_contact}"

    @property
    def new_contact(self) -> str:
        """The new contact details as shown to the merchant and to operators: "email, phone"."""
        return ", ".join(value for value in (self.new_email, self.new_phone) if value)


class SecurityNotice(models.Model):
    """One security notice told to the merchant (services.security.security_notice): what happened (`event`, a key
    of services.security.EVENTS, with its params), and whether the merchant answered "This wasn't me" to it, when and
    from where (the app or the mail's page). Its id is the reference the app's message and the mail's link carry."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="security_notices")
    event = models.CharField(max_length=40)
    params = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    disowned_at = models.DateTimeField(_("answered “This wasn't me”"), null=True, blank=True)
    disowned_via = models.CharField(max_length=8, blank=True)  # "app" or "mail"

    class Meta:
        verbose_name = _("security notice")
        verbose_name_plural = _("security notices")

    def __str__(self) -> str:
        return f"{self.event} of {self.merchant_id}"
