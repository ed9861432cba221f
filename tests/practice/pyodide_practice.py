"""Run by the Pyodide test (in Node.js) and by CPython: generated practice and the progress
store, printed as one JSON line so the two runs can be compared."""

import json
import os
import tempfile

from tutor.practice import TOPICS, generate
from tutor.practice.drills import Quiz
from tutor.study.progress import ProgressStore, notebook_count

items = {f"{name}/{level}/{seed}": generate(name, seed=seed, level=level).as_dict()
         for name in TOPICS for level in (1, 2, 3) for seed in (1, 2)}
quiz = [q.topic + str(q.level) for q in Quiz("huangyan", seed=5).plan]
folder = tempfile.mkdtemp()
path = os.path.join(folder, "progress.sqlite3")
ProgressStore(path).record("03_huangyan_scoring", "huangyan-doubles")
again = notebook_count("03_huangyan_scoring", ProgressStore(path))
snapshot = os.path.join(folder, "snapshot.sqlite3")  # the browser's /drive way
ProgressStore(snapshot, snapshot=True).record("03_huangyan_scoring", "huangyan-doubles")
kept = notebook_count("03_huangyan_scoring", ProgressStore(snapshot, snapshot=True))
old = os.path.join(folder, "old.json")  # an old JSON file deep enough to crash a JSON reader
with open(old, "w") as handle:
    handle.write("[" * 50_000)
broken = ProgressStore(old)
broken.solved("03_huangyan_scoring")
print(json.dumps({"items": items, "quiz": quiz, "progress": [again.solved, again.total],
                  "snapshot": [kept.solved, kept.total],
                  "broken": broken.warning is not None}, sort_keys=True))
