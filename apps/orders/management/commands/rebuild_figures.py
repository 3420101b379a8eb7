from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.orders.figures import figures_rebuild


class Command(BaseCommand):
    help = "Rewrite the shops' figures from the events (all shops, or the merchants given)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("merchant_ids", nargs="*", type=int)

    def handle(self, *args: object, **options: Any) -> None:
        ids = options["merchant_ids"] or None
        count = figures_rebuild(ids)
        self.stdout.write(self.style.SUCCESS(f"Figures rebuilt for {count} shop(s)."))
