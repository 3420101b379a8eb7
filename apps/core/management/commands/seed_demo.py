"""Loads the demo data. Idempotent; refused under production settings.

Each app that has demo data keeps it in `apps/<app>/demo.py` as `seed(stdout)`; they run in DEMO_ORDER.
"""

import importlib

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

DEMO_ORDER = ["shop", "accounts", "catalog", "wallet", "orders", "support", "alliance", "storefront"]


class Command(BaseCommand):
    help = "Load the demo catalogue, levels, networks, a demo merchant and an operator (idempotent)."

    def handle(self, *args: object, **options: object) -> None:
        if not getattr(settings, "DEMO_DATA_ALLOWED", False):
            raise CommandError("Demo data is refused under these settings (production).")
        for app in DEMO_ORDER:
            try:
                module = importlib.import_module(f"apps.{app}.demo")
            except ModuleNotFoundError as exc:
                if exc.name != f"apps.{app}.demo":
                    raise
                continue
            with transaction.atomic():
                module.seed(self.stdout)
        self.stdout.write(self.style.SUCCESS("Demo data ready."))
