"""Pause points, for proving that a worker killed mid-task loses nothing and pays nothing twice (`make prod-smoke`).

Off unless settings.FAULT_PAUSE_DIR names a folder (never in production). A test arms a point by creating the file
`<folder>/<name>.armed`; the first process to reach the point takes it (an atomic rename to `<name>.held`, which then
holds the process id and the Celery task id as JSON) and waits there to be killed; every other process, and every
later pass, goes on. The point is disarmed as it is taken, so the task delivered again to another worker passes.
"""

import json
import os
import time
from pathlib import Path

from celery import current_task
from django.conf import settings

PAUSE_SECONDS = 120  # long enough to be killed; a test that forgets to kill goes on after it


def pause_point(name: str) -> None:
    if not settings.FAULT_PAUSE_DIR:
        return
    folder = Path(settings.FAULT_PAUSE_DIR)
    held = folder / f"{name}.held"
    try:
        os.rename(folder / f"{name}.armed", held)
    except FileNotFoundError:
        return
    task_id = current_task.request.id if current_task else None
    partial = folder / f"{name}.held.{os.getpid()}"
    partial.write_text(json.dumps({"pid": os.getpid(), "task_id": task_id}))
    os.replace(partial, held)  # the reader sees the whole record or the empty file, never half of it
    time.sleep(PAUSE_SECONDS)
