"""Merchant.country: the server's country codes are the front end's, and rows typed before the list get their code
when it is certain."""

import re
from pathlib import Path

from django.conf import settings

from apps.accounts.constants import MERCHANT_COUNTRIES

COUNTRIES_TS = Path(settings.BASE_DIR) / "frontend" / "src" / "features" / "account" / "countries.ts"


def frontend_country_codes() -> list[str]:
    """COUNTRY_CODES of countries.ts: the string literals between `COUNTRY_CODES = (` and `).split(" ")`."""
    source = COUNTRIES_TS.read_text(encoding="utf-8")
    found = re.search(r"COUNTRY_CODES\s*=\s*\((.*?)\)\s*\.split\(\s*\"\s\"\s*\)", source, re.DOTALL)
    assert found, f"COUNTRY_CODES not found in {COUNTRIES_TS}"
    return "".join(re.findall(r'"([^"]*)"', found.group(1))).split(" ")  # the literals joined, as `+` does


def test_the_server_accepts_exactly_the_countries_the_front_end_offers():
    codes = frontend_country_codes()
    assert len(codes) == len(set(codes)) > 200
    assert all(re.fullmatch(r"[A-Z]{2}", code) for code in codes)
    assert set(codes) == set(MERCHANT_COUNTRIES.countries)


def test_every_country_has_a_name():
    assert all(name and name != code for code, name in MERCHANT_COUNTRIES)
    assert MERCHANT_COUNTRIES.name("XK") == "Kosovo"


BEFORE = [("accounts", "0006_third_party_nonce")]
AFTER = [("accounts", "0007_country_code")]


def test_countries_typed_before_the_list_get_their_code_only_when_certain(migrate_to):
    merchant = migrate_to(BEFORE).get_model("accounts", "Merchant")
    typed = {
        "US": "US",
        "kr": "KR",
        " germany ": "DE",
        "South Korea": "KR",
        "Korea (the Republic of)": "KR",  # the official name
        "Deutschland": "Deutschland",  # not English: left as typed
        "UK": "UK",  # not a code (GB), not a name
        "Korea": "Korea",  # North or South: not guessed
        "": "",
    }
    for number, text in enumerate(typed):
        merchant.objects.create(phone=f"+10{number}", real_name="M", country=text, invite_code=f"X{number}")

    merchant = migrate_to(AFTER).get_model("accounts", "Merchant")
    stored = dict(merchant.objects.values_list("phone", "country"))
    assert [stored[f"+10{number}"] for number in range(len(typed))] == list(typed.values())
