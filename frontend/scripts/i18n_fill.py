#!/usr/bin/env python3
"""Merge translations into the six non-English app catalogues, safely while others edit them too.

Usage: python3 frontend/scripts/i18n_fill.py my-translations.json [--force]
where my-translations.json is {"order.pickAll": {"zh_Hans": "...", "zh_Hant": "...", "ru": "...", "ko": "...",
"ja": "...", "th": "..."}, ...}. Under the lock /tmp/fe-i18n.lock it regenerates locale/en/frontend.json from the
source (npm run i18n:extract), then sets only the given ids (existing non-empty texts are kept unless --force).
"""

import fcntl
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ["zh_Hans", "zh_Hant", "ru", "ko", "ja", "th"]


def main() -> None:
    translations = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    force = "--force" in sys.argv
    with open("/tmp/fe-i18n.lock", "w") as lock:  # noqa: S108 (the helpers' shared lock)
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.run(["npm", "run", "-s", "i18n:extract"], cwd=ROOT, check=True)  # noqa: S607
        english = json.loads((ROOT / "locale/en/frontend.json").read_text(encoding="utf-8"))
        for folder in FOLDERS:
            path = ROOT / "locale" / folder / "frontend.json"
            catalogue = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
            for message_id, texts in translations.items():
                if message_id not in english:
                    sys.exit(f"{message_id} is not in the source (check the id)")
                if force or not catalogue.get(message_id):
                    catalogue[message_id] = texts[folder]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(dict(sorted(catalogue.items())), ensure_ascii=False, indent=2) + "\n", "utf-8")
    print(f"merged {len(translations)} ids into {len(FOLDERS)} catalogues")


if __name__ == "__main__":
    main()
