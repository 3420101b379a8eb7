from django.core.management.base import BaseCommand, CommandError

from apps.orders.figures import figures_differences


class Command(BaseCommand):
    help = (
        "Recompute every shop's figures from the events (orders, visits, follows, ratings, credit events) and fail on "
        "any difference, or on a pending amount the ledger does not hold."
    )

    def handle(self, *args: object, **options: object) -> None:
        problems = figures_differences()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(
                f"{len(problems)} figure(s) differ from the events; `manage.py rebuild_figures` rewrites them."
            )
        self.stdout.write(self.style.SUCCESS("Figures agree with the events."))
