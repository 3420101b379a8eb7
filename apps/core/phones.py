"""A phone number checked with its country (the phonenumbers library: Google's libphonenumber data) and kept in one
form, E.164 ("+819012345678"). The one check of a buyer's phone, at the storefront's checkout and in the intake."""

import phonenumbers
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django_countries import countries


def phone_e164(value: str, country: str) -> str:
    """`value` as a number of `country` (ISO 3166-1 alpha-2) in E.164: written in the country's own way ("090 1234
    5678" in Japan) or internationally ("+81 90-1234-5678"). Raises ValidationError, with a translated message that
    names the country and shows a number of it, when it is not a valid number there (letters, too short, or of
    another country)."""
    country = country.strip().upper()
    try:
        number = phonenumbers.parse(value, country)
    except phonenumbers.NumberParseException:
        number = None
    if number is None or not phonenumbers.is_valid_number_for_region(number, country):
        example = phonenumbers.example_number_for_type(country, phonenumbers.PhoneNumberType.MOBILE)
        values = {"country": countries.name(country) or country}
        if example is None:
            message = _("This is not a phone number of the delivery country (%(country)s).") % values
        else:
            values["example"] = phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
            message = (
                _("This is not a phone number of the delivery country (%(country)s). For example: %(example)s.")
                % values
            )
        raise ValidationError(message, code="phone")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
