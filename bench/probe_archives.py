"""Slow probes of zipped packs and big teachers' files (issue 24), kept out of the test suite: run with
`python bench/probe_archives.py` (about half a minute, 1.5 GB inflated once in this process to build the
bomb; the tool itself must never hold it). Each probe runs `canasta` as its own process and checks the
exit code, the time and the peak memory of that process; the script exits 1 when one does not hold.

1. A zip whose header says 100 bytes and whose entry inflates to 1.5 GB: exit 3, bounded memory.
2. The same entry with an honest header: exit 3 at the size limit, bounded memory.
3. 60,000 empty entries written by zipfile, and 70,000 (a zip64 end record): refused at once (exit 3).
4. As many entries as fit in the limit on the list of entries: refused by their count, quickly.
5. `lint` and `worksheet` of a scenario of 1,000 checks, each stated under two more rulesets.
"""
from __future__ import annotations

import os
import resource
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "canasta_tutor" / "learning" / "lessons" / "01-melds.yaml"
SCENARIO = ROOT / "canasta_tutor" / "examples" / "d05-wild-on-wild.yaml"
MANIFEST = b"id: club\ntitle: Club night\nlessons: [01-melds.yaml]\n"
MEMORY_MB = 200  # the whole process, Python and the tool's modules included
failures: list[str] = []


def canasta(folder: Path, *args: str) -> tuple[int, float, float, str]:
    """(exit code, seconds, peak memory of the process in MB, standard error) of one run."""
    env = dict(os.environ, CANASTA_HOME=str(folder / ".home"), CANASTA_LANG="en")
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "canasta_tutor", *args], cwd=folder, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = proc.communicate(timeout=120)
    seconds = time.monotonic() - start
    # the largest of the runs so far (Linux counts in KiB): the probes run in order, so the first one
    # over the limit is the one that fails
    return proc.returncode, seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, err.strip()


def expect(name: str, result: tuple[int, float, float, str], code: int, seconds: float, words: str = "") -> None:
    got, took, memory, err = result
    ok = got == code and took < seconds and memory < MEMORY_MB and words in err
    print(f"{'ok ' if ok else 'BAD'} {name}: exit {got}, {took:.2f} s, peak {memory:.0f} MB so far; {err[:160]}")
    if not ok:
        failures.append(name)


def patch_sizes(path: Path, name: str, size: int) -> None:
    """Make both headers of an entry say it inflates to ``size`` bytes."""
    data = bytearray(path.read_bytes())
    raw = name.encode()
    for signature, name_len_at, size_at, header in ((b"PK\x03\x04", 26, 22, 30), (b"PK\x01\x02", 28, 24, 46)):
        at = data.find(signature)
        while at >= 0:
            if data[at + header: at + header + struct.unpack_from("<H", data, at + name_len_at)[0]] == raw:
                struct.pack_into("<I", data, at + size_at, size)
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))


def bomb(path: Path, size: int) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pack.yaml", MANIFEST)
        with z.open("01-melds.yaml", "w") as entry:
            chunk = bytes(16 << 20)
            for _ in range(size // len(chunk)):
                entry.write(chunk)
    return path


def many(path: Path, count: int) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("pack.yaml", MANIFEST)
        z.writestr("01-melds.yaml", LESSON.read_bytes())
        for i in range(count):
            z.writestr(f"e{i}", "")
    return path


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        with zipfile.ZipFile(here / "good.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("club/pack.yaml", MANIFEST)
            z.writestr("club/01-melds.yaml", LESSON.read_bytes())
        expect("a good zipped pack", canasta(here, "lint", "good.zip"), 0, 10)

        big = bomb(here / "bomb.zip", 1536 << 20)
        honest = here / "honest.zip"
        honest.write_bytes(big.read_bytes())
        patch_sizes(big, "01-melds.yaml", 100)
        expect("1.5 GB behind a header of 100 bytes (lesson list)", canasta(here, "lesson", "list", "bomb.zip"), 3, 5,
               "bomb.zip:01-melds.yaml")
        expect("1.5 GB behind a header of 100 bytes (lint)", canasta(here, "lint", "bomb.zip"), 1, 5)
        expect("1.5 GB with an honest header", canasta(here, "lesson", "list", "honest.zip"), 3, 5,
               "honest.zip:01-melds.yaml")

        many(here / "many.zip", 60_000)
        expect("60,000 empty entries", canasta(here, "lesson", "list", "many.zip"), 3, 2, "more than 1000 entries")
        expect("60,000 empty entries (lint)", canasta(here, "lint", "many.zip"), 1, 2)
        many(here / "zip64.zip", 70_000)
        expect("70,000 entries, a zip64 end record", canasta(here, "lesson", "list", "zip64.zip"), 3, 2,
               "more than 1000 entries")
        many(here / "counted.zip", 15_000)  # a list of entries under 1 MiB: read, then counted
        expect("15,000 entries within the list's size", canasta(here, "lesson", "list", "counted.zip"), 3, 2,
               "more than 1000 entries")

        head = SCENARIO.read_text(encoding="utf-8").split("checks:")[0]
        check = ("  - move: draw; discard JK\n    expect: {legal: true}\n    by_ruleset:\n"
                 "      brazilian: {legal: true}\n      danish: {legal: false, rules: [discard.wild]}\n")
        (here / "big.yaml").write_text(head + "checks:\n" + check * 1000, encoding="utf-8")
        expect("lint of 1,000 checks under 3 rulesets", canasta(here, "lint", "big.yaml"), 0, 2)
        expect("worksheet of 1,000 checks", canasta(here, "worksheet", "big.yaml", "--out", "w.html", "--key", "k.html"),
               0, 10)
    print("all hold" if not failures else f"{len(failures)} do not hold: {', '.join(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
