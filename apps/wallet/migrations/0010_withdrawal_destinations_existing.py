"""Each account withdrawn to before payout destinations existed becomes a destination, usable at once (it was already
used: `confirmed_with` "existing", usable from its first withdrawal), and its withdrawals point to it. Frozen: the
spelling of an account and the default name are written out here, not imported from the app."""

from django.db import migrations


def _digits(text):
    return "".join(ch for ch in text if ch.isdigit())


def _key(method, account):
    if method == "bank":
        return _digits(account)
    account = "".join(account.split())
    return account.lower() if account[:2].lower() == "0x" else account


def _name(method, bank_name, network, account):
    if method == "bank":
        return f"{bank_name[:40]} •••• {_digits(account)[-4:]}"[:64]
    return f"{network} …{account[-4:]}"[:64]


def forwards(apps, schema_editor):
    Withdrawal = apps.get_model("wallet", "Withdrawal")
    PayoutDestination = apps.get_model("wallet", "PayoutDestination")
    groups = {}
    rows = Withdrawal.objects.filter(destination__isnull=True).order_by("id").values(
        "id", "merchant_id", "method", "currency", "network__code", "full_name", "bank_name", "account", "created_at"
    )
    for row in rows.iterator(chunk_size=2000):
        key = (row["merchant_id"], row["method"], _key(row["method"], row["account"]))
        group = groups.setdefault(key, {"first": row, "ids": []})
        group["last"] = row  # the latest withdrawal's fields
        group["ids"].append(row["id"])
    for (merchant_id, method, key), group in groups.items():
        first, last = group["first"], group["last"]
        network = last["network__code"] or ""
        destination = PayoutDestination.objects.filter(
            merchant_id=merchant_id, method=method, account_key=key, removed_at__isnull=True
        ).first()
        if destination is None:
            destination = PayoutDestination.objects.create(
                merchant_id=merchant_id,
                method=method,
                currency=last["currency"],
                network=network,
                holder=last["full_name"],
                bank_name=last["bank_name"],
                account=last["account"].strip(),
                account_key=key,
                name=_name(method, last["bank_name"], network, last["account"].strip()),
                usable_from=first["created_at"],
                confirmed_with="existing",
                created_at=first["created_at"],
            )
        ids = group["ids"]
        for start in range(0, len(ids), 1000):
            Withdrawal.objects.filter(id__in=ids[start : start + 1000]).update(destination=destination)


class Migration(migrations.Migration):
    dependencies = [("wallet", "0009_payout_destinations")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
