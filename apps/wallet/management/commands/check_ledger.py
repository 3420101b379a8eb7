from django.core.management.base import BaseCommand, CommandError

from apps.wallet.ledger import ledger_problems


class Command(BaseCommand):
    help = "Verify the ledger: entries sum to zero, balances equal their lines, no merchant account is negative."

    def handle(self, *args: object, **options: object) -> None:
        problems = ledger_problems()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} ledger problem(s) found.")
        self.stdout.write(self.style.SUCCESS("Ledger is consistent."))
