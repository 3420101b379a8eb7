"""wallet.0010: each account withdrawn to before payout destinations becomes one destination, usable at once
("existing", usable from its first withdrawal), and its withdrawals point to it."""

from decimal import Decimal

BEFORE = [("wallet", "0009_payout_destinations"), ("accounts", "0012_security_factors_devices")]
AFTER = [("wallet", "0010_withdrawal_destinations_existing")]
ADDRESS = "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7"


def test_existing_withdrawals_get_their_destinations(migrate_to):
    old = migrate_to(BEFORE)
    Merchant = old.get_model("accounts", "Merchant")
    one = Merchant.objects.create(phone="+1098", real_name="M", country="US", invite_code="X98")
    two = Merchant.objects.create(phone="+1097", real_name="N", country="US", invite_code="X97")
    network = old.get_model("wallet", "DepositNetwork").objects.create(
        code="USDT-ERC20", address_format="evm", address=ADDRESS, effective_from="2026-01-01T00:00:00Z"
    )
    Withdrawal = old.get_model("wallet", "Withdrawal")

    def withdraw(merchant, number, method, account, **extra):
        return Withdrawal.objects.create(
            merchant=merchant,
            number=number,
            method=method,
            currency="USD",
            full_name=extra.pop("full_name", "A"),
            account=account,
            amount=Decimal("10"),
            fee=Decimal("0"),
            actual_amount=Decimal("10"),
            review_due_at="2026-11-01T00:00:00Z",
            **extra,
        ).pk

    first = withdraw(one, "W1", "bank", "6222 0000 1111 2222", bank_name="Good Bank")
    same_card = withdraw(one, "W2", "bank", "6222000011112222", bank_name="Good Bank", full_name="Ann")
    chain = withdraw(one, "W3", "chain", ADDRESS, network=network)
    chain_lower = withdraw(one, "W4", "chain", ADDRESS.lower(), network=network)
    other = withdraw(two, "W5", "bank", "6222 0000 1111 2222", bank_name="Good Bank")

    new = migrate_to(AFTER)
    destination_of = dict(new.get_model("wallet", "Withdrawal").objects.values_list("pk", "destination_id"))
    assert None not in destination_of.values()
    assert destination_of[first] == destination_of[same_card]  # one card, however it was typed
    assert destination_of[chain] == destination_of[chain_lower]  # an EVM address in any case
    assert len({destination_of[first], destination_of[chain], destination_of[other]}) == 3  # per merchant
    destinations = new.get_model("wallet", "PayoutDestination").objects
    card = destinations.get(pk=destination_of[first])
    # Named and held as the latest withdrawal to it had them.
    assert (card.name, card.holder, card.confirmed_with, card.removed_at) == (
        "Good Bank •••• 2222",
        "Ann",
        "existing",
        None,
    )
    first_made = new.get_model("wallet", "Withdrawal").objects.get(pk=first).created_at
    assert card.usable_from == first_made  # usable at once: it was already used
    assert destinations.get(pk=destination_of[chain]).name == "USDT-ERC20 …d6b7"
