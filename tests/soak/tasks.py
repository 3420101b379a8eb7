"""The soak's task (tests/soak/run.py): the worker writes each number it is given on a line of SOAK_DONE_FILE, so
the soak can tell which of the tasks it sent were run (the padding only makes the message larger). Loaded into the
worker with `--include tests.soak.tasks`."""

import os

from celery import shared_task


@shared_task(name="soak.mark")
def mark(number: int, pad: str = "") -> None:
    with open(os.environ["SOAK_DONE_FILE"], "a") as done:
        done.write(f"{number}\n")
