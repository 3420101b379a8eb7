"""Prints the storefront address of a merchant's shop: `manage.py storefront_url demo@example.com --base URL`."""

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from apps.shop.models import Shop


class Command(BaseCommand):
    help = "Print the storefront address of the shop of a merchant (by email or phone)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("account", help="The merchant's email or phone.")
        parser.add_argument("--base", default="", help="The site's address, e.g. http://127.0.0.1:8000")

    def handle(self, *args: object, account: str, base: str, **options: object) -> None:
        shop = Shop.objects.filter(Q(merchant__email__iexact=account) | Q(merchant__phone=account)).first()
        if shop is None:
            raise CommandError(f"No merchant with a shop has the account {account}.")
        self.stdout.write(base.rstrip("/") + shop.get_absolute_url())
