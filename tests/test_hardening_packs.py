"""Lesson packs, lint's folder walk and zipped packs against a hostile or careless sender (issue 24):
links that lead out of a pack or out of the folder given to lint, files of other programs (a token, a
credentials file) that no message may quote, zips whose headers lie, that hold thousands of entries,
an unknown compression method, a password, damaged data or unsafe names; and lint and worksheet
reading a file once, in time that grows with its size. The slow probes (a 1.5 GB bomb, 60,000 entries
built by zipfile) are in bench/probe_archives.py."""
from __future__ import annotations

import json
import shutil
import struct
import tempfile
import time
import tracemalloc
import zipfile
import zlib
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor.reading import strict_yaml
from canasta_tutor.reading.strict_yaml import InputError
from canasta_tutor.teaching import packs

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "canasta_tutor" / "learning" / "lessons"
SCENARIO = REPO / "canasta_tutor" / "examples" / "d05-wild-on-wild.yaml"
MANIFEST = b"id: club\ntitle: Club night\nlessons: [01-melds.yaml]\n"
SECRET = "ghs_S3CR3TtokenS3CR3TtokenS3CR3T"


def cli(tmp_path: Path, *args: str) -> Ran:
    """The command in-process, from ``tmp_path``; never an internal error nor a traceback."""
    result = run_in_process(*args, input="q\n", env={"CANASTA_HOME": str(tmp_path / ".home"), "COLUMNS": "200"})
    assert result.exit_code != 70, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture(autouse=True)
def _here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def folder_pack(folder: Path, manifest: bytes = MANIFEST) -> Path:
    folder.mkdir()
    shutil.copy(LESSONS / "01-melds.yaml", folder / "01-melds.yaml")
    (folder / "pack.yaml").write_bytes(manifest)
    return folder


def outside_lesson(tmp_path: Path) -> Path:
    """A lesson file outside every pack, holding a word no output may show."""
    secret = tmp_path / "secret"
    secret.mkdir(exist_ok=True)
    target = secret / "private.yaml"
    target.write_text((LESSONS / "05-pile.yaml").read_text(encoding="utf-8")
                      .replace("title:", f"title: {SECRET}", 1), encoding="utf-8")
    return target


# -- 1. links in a folder pack -----------------------------------------------------------------------------

@pytest.mark.parametrize("link, entry", [("evil", "evil"), ("evil.yaml", "evil"), ("evil.yaml", "evil.yaml")])
def test_a_manifest_entry_that_is_a_link_out_of_the_pack_is_refused(tmp_path, link, entry):
    pack = folder_pack(tmp_path / "pack", MANIFEST.replace(b"01-melds.yaml]", f"01-melds.yaml, {entry}]".encode()))
    (pack / link).symlink_to(outside_lesson(tmp_path))
    listed = cli(tmp_path, "lesson", "list", "pack")
    assert listed.exit_code == 3 and "leads out of the pack's folder" in listed.stderr, listed.stderr
    assert SECRET not in listed.stdout + listed.stderr
    linted = cli(tmp_path, "lint", "pack")
    assert linted.exit_code == 1 and f"'{link}' leads out of the pack's folder" in linted.stdout
    assert SECRET not in linted.stdout + linted.stderr


def test_a_folder_whose_name_begins_like_the_packs_is_outside_it(tmp_path):
    pack = folder_pack(tmp_path / "pack", MANIFEST.replace(b"01-melds.yaml]", b"01-melds.yaml, evil]"))
    sibling = tmp_path / "pack-other"  # "pack-other/..." starts with "pack": a prefix is no containment
    sibling.mkdir()
    shutil.move(outside_lesson(tmp_path), sibling / "evil.yaml")
    (pack / "evil").symlink_to(sibling / "evil.yaml")
    result = cli(tmp_path, "lesson", "list", "pack")
    assert result.exit_code == 3 and "leads out" in result.stderr and SECRET not in result.stdout


def test_a_manifest_that_is_a_link_out_of_the_pack_is_refused(tmp_path):
    pack = folder_pack(tmp_path / "pack")
    elsewhere = tmp_path / "elsewhere.yaml"
    (pack / "pack.yaml").rename(elsewhere)
    (pack / "pack.yaml").symlink_to(elsewhere)
    result = cli(tmp_path, "lesson", "list", "pack")
    assert result.exit_code == 3 and "leads out" in result.stderr


def test_a_lessons_ruleset_file_that_links_out_of_the_pack_is_refused(tmp_path):
    pack = folder_pack(tmp_path / "pack")
    text = (pack / "01-melds.yaml").read_text(encoding="utf-8")
    assert "ruleset: classic" in text
    (pack / "01-melds.yaml").write_text(text.replace("ruleset: classic", "ruleset: house.yaml"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text(f"id: house\ntitle: {SECRET}\nextends: classic\n", encoding="utf-8")
    (pack / "house.yaml").symlink_to(house)
    result = cli(tmp_path, "lesson", "list", "pack")
    assert result.exit_code == 3 and "'house.yaml' leads out" in result.stderr, result.stderr
    (pack / "house.yaml").unlink()
    shutil.copy(house, pack / "house.yaml")  # the same file inside the pack is the pack's own
    assert cli(tmp_path, "lesson", "list", "pack").exit_code == 0


def test_a_path_out_of_the_pack_in_the_manifest_is_refused(tmp_path):
    folder_pack(tmp_path / "pack", MANIFEST.replace(b"01-melds.yaml]", b"01-melds.yaml, ../secret/private.yaml]"))
    outside_lesson(tmp_path)
    result = cli(tmp_path, "lesson", "list", "pack")
    assert result.exit_code == 3 and SECRET not in result.stdout + result.stderr


def test_links_inside_the_pack_are_read(tmp_path):
    pack = folder_pack(tmp_path / "pack", MANIFEST.replace(b"01-melds.yaml]", b"first]"))
    (pack / "lessons").mkdir()
    (pack / "01-melds.yaml").rename(pack / "lessons" / "01-melds.yaml")
    (pack / "first.yaml").symlink_to(Path("lessons") / "01-melds.yaml")
    linked = tmp_path / "linked-pack"
    linked.symlink_to(pack)  # the pack itself named through a link: its files are inside it
    for name in ("pack", "linked-pack"):
        result = cli(tmp_path, "lesson", "list", name, "--json")
        assert result.exit_code == 0, result.stderr
        assert [ls["id"] for ls in json.loads(result.stdout)["lessons"]] == ["club/first"]


# -- 2. lint's folder walk, and files that are not ours ----------------------------------------------------

def test_lint_of_a_folder_does_not_follow_a_link_out_of_it_and_names_the_link(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    creds = tmp_path / "git-credentials"
    creds.write_text(f"https://x-access-token:{SECRET}@github.com\n", encoding="utf-8")
    (repo / "creds.yaml").symlink_to(creds)
    (repo / "to-a-folder").symlink_to(tmp_path)  # a link to a folder outside is not walked, as before
    # a real scenario with a wrong card still says which card: that is a teacher's own file
    (repo / "s.yaml").write_text(SCENARIO.read_text(encoding="utf-8").replace("JK 7H 9C", "JK 7H 9X"),
                                 encoding="utf-8")
    (repo / "same.yaml").symlink_to("s.yaml")  # a link inside is read
    result = cli(tmp_path, "lint", "repo")
    assert result.exit_code == 1
    assert SECRET not in result.stdout + result.stderr and "x-access-token" not in result.stdout
    assert "repo/creds.yaml: is a link that leads out of repo" in result.stdout
    assert "repo/s.yaml:4:23: players[0].hand: found '9X'" in result.stdout
    assert "repo/same.yaml:4:23:" in result.stdout
    data = json.loads(cli(tmp_path, "lint", "repo", "--json").stdout)
    assert SECRET not in json.dumps(data) and data["problems"] == 3


@pytest.mark.parametrize("content", [
    f"https://x-access-token:{SECRET}@github.com\n",
    f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}\n-----END OPENSSH PRIVATE KEY-----\n",
    f"machine github.com login ann password {SECRET}\n",
    f"//registry.npmjs.org/:_authToken={SECRET}\n",
    f'{{"auths": {{"ghcr.io": {{"auth": "{SECRET}"}}}}}}\n',
    f"- {SECRET}\n",
    f"{SECRET}: true\n",  # a key of another program's file: lint and worksheet quote none of its keys
])
def test_a_file_of_another_program_is_named_never_quoted(tmp_path, content):
    (tmp_path / "creds.yaml").write_text(content, encoding="utf-8")
    commands = [["lint", "creds.yaml"], ["lint", "creds.yaml", "--json"], ["worksheet", "creds.yaml", "--out", "w.html"]]
    if not content.startswith(SECRET):
        commands.append(["check", "creds.yaml", "draw"])
    for args in commands:
        result = cli(tmp_path, *args)
        assert result.exit_code in (1, 3), args
        assert SECRET[:8] not in result.stdout + result.stderr, (args, result.stdout + result.stderr)
        assert "creds.yaml" in result.stdout + result.stderr


# -- 3. zipped packs -----------------------------------------------------------------------------------------

def lesson_bytes() -> bytes:
    return (LESSONS / "01-melds.yaml").read_bytes()


def make_zip(path: Path, entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", method) as z:
        for name, data in entries:
            z.writestr(name, data)
    return path


def patch_entry(path: Path, name: str, *, method: int | None = None, flags: int | None = None,
                size: int | None = None) -> None:
    """Change what the local and central headers of one entry say (a method, the flags, the size)."""
    data = bytearray(path.read_bytes())
    raw = name.encode()
    for signature, name_len_at, method_at, flags_at, size_at, header in ((b"PK\x03\x04", 26, 8, 6, 22, 30),
                                                                        (b"PK\x01\x02", 28, 10, 8, 24, 46)):
        at = data.find(signature)
        while at >= 0:
            length = struct.unpack_from("<H", data, at + name_len_at)[0]
            if data[at + header: at + header + length] == raw:
                for value, offset, form in ((method, method_at, "<H"), (flags, flags_at, "<H"), (size, size_at, "<I")):
                    if value is not None:
                        struct.pack_into(form, data, at + offset, value)
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))


def good_zip(path: Path, method: int = zipfile.ZIP_DEFLATED) -> Path:
    return make_zip(path, [("club/pack.yaml", MANIFEST), ("club/01-melds.yaml", lesson_bytes())], method)


def many_entries_zip(path: Path, count: int, name_length: int = 8) -> Path:
    """A zip of ``count`` empty entries besides a pack, written directly (zipfile takes seconds)."""
    local, central, offset = bytearray(), bytearray(), 0
    entries = [("pack.yaml", MANIFEST), ("01-melds.yaml", lesson_bytes())]
    entries += [(f"e{i:0{name_length - 1}d}", b"") for i in range(count)]
    for name, data in entries:
        raw, crc = name.encode(), zlib.crc32(data)
        local += struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 0, 0, 0, crc, len(data), len(data), len(raw), 0)
        local += raw + data
        central += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, crc, len(data), len(data),
                               len(raw), 0, 0, 0, 0, 0, offset)
        central += raw
        offset = len(local)
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, min(len(entries), 0xFFFF), min(len(entries), 0xFFFF),
                      len(central), len(local), 0)
    path.write_bytes(bytes(local + central + end))
    return path


def refused_naming(tmp_path: Path, zip_name: str, entry: str | None, *words: str) -> None:
    """``lesson list`` exits 3 naming the zip (and the entry), lint reports it; nothing says a
    temporary folder."""
    shown = f"{zip_name}:{entry}" if entry else f"{zip_name}:"
    listed = cli(tmp_path, "lesson", "list", zip_name)
    assert listed.exit_code == 3, listed.stderr
    assert listed.stderr.startswith(f"canasta: {shown}"), listed.stderr
    for word in words:
        assert word in listed.stderr
    assert "canasta-pack-" not in listed.stderr and tempfile.gettempdir() not in listed.stderr
    lesson = cli(tmp_path, "lesson", f"{zip_name}/melds")
    assert lesson.exit_code == 3 and lesson.stderr == listed.stderr
    linted = cli(tmp_path, "lint", zip_name, "--json")
    assert linted.exit_code == 1
    problems = [p for f in json.loads(linted.stdout)["files"] for p in f["problems"]]
    assert any(p["file"].startswith(shown.rstrip(":")) for p in problems), problems


def test_a_zipped_pack_is_read_in_memory_never_unpacked_to_disk(tmp_path, monkeypatch):
    good_zip(tmp_path / "club.zip")
    made = []
    for name in ("mkdtemp", "TemporaryDirectory"):  # (packs.json, remembered, is written beside the data)
        monkeypatch.setattr(tempfile, name, lambda *a, **k: made.append(a) or pytest.fail("unpacked to disk"))
    result = cli(tmp_path, "lesson", "list", "club.zip", "--json")
    assert result.exit_code == 0 and [ls["id"] for ls in json.loads(result.stdout)["lessons"]] == ["club/melds"]
    assert cli(tmp_path, "lint", "club.zip").exit_code == 0
    assert made == []


def test_an_entry_compressed_with_an_unknown_method_is_refused(tmp_path):
    patch_entry(good_zip(tmp_path / "aes.zip"), "club/01-melds.yaml", method=99)  # 7-Zip's and WinZip's AES
    refused_naming(tmp_path, "aes.zip", "club/01-melds.yaml", "method 99")


def test_an_entry_compressed_with_bzip2_is_refused_its_inflation_is_unbounded(tmp_path):
    good_zip(tmp_path / "bz.zip", zipfile.ZIP_BZIP2)
    refused_naming(tmp_path, "bz.zip", "club/pack.yaml", "method 12")


def test_a_password_protected_entry_is_refused(tmp_path):
    patch_entry(good_zip(tmp_path / "pw.zip"), "club/01-melds.yaml", flags=0x1)
    refused_naming(tmp_path, "pw.zip", "club/01-melds.yaml", "password")


def test_damaged_deflate_data_is_refused(tmp_path):
    path = good_zip(tmp_path / "damaged.zip")
    data = bytearray(path.read_bytes())
    start = data.find(b"club/01-melds.yaml") + len("club/01-melds.yaml")
    for i in range(start + 10, start + 60):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))
    refused_naming(tmp_path, "damaged.zip", "club/01-melds.yaml", "damaged")


def test_a_header_that_understates_the_size_stops_in_bounded_memory(tmp_path):
    path = make_zip(tmp_path / "bomb.zip", [("pack.yaml", MANIFEST), ("01-melds.yaml", bytes(64 << 20))])
    patch_entry(path, "01-melds.yaml", size=100)
    tracemalloc.start()
    start = time.monotonic()
    with pytest.raises(InputError) as refused:
        with packs.opened(path) as pack:
            packs.lessons_of(pack)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert time.monotonic() - start < 5 and peak < 16 << 20, peak
    assert refused.value.file == f"{path}:01-melds.yaml"
    refused_naming(tmp_path, "bomb.zip", "01-melds.yaml", "damaged")


def test_what_is_inflated_is_counted_entry_by_entry_and_in_all(tmp_path):
    make_zip(tmp_path / "big.zip", [("pack.yaml", MANIFEST), ("01-melds.yaml", b"#" * (64 << 20))])
    refused_naming(tmp_path, "big.zip", "01-melds.yaml", "larger than")
    lessons = [f"{i:02d}.yaml" for i in range(12)]
    manifest = f"id: club\ntitle: Club\nlessons: [{', '.join(lessons)}]\n".encode()
    make_zip(tmp_path / "all.zip", [("pack.yaml", manifest)] + [(n, b"#" * 1_000_000 + b"\n") for n in lessons])
    checked, problems = packs.lint_pack(tmp_path / "all.zip")
    assert any("unpacks to more than 8 MiB" in p[4] for p in problems), problems


def test_sixty_thousand_empty_entries_are_refused_at_once(tmp_path, monkeypatch):
    many_entries_zip(tmp_path / "many.zip", 60_000)
    made = []
    with monkeypatch.context() as patched:  # the list of entries is measured before zipfile reads it
        patched.setattr(zipfile, "ZipFile", lambda *a, **k: made.append(a) or pytest.fail("the list was read"))
        start = time.monotonic()
        result = cli(tmp_path, "lesson", "list", "many.zip")
        assert time.monotonic() - start < 2
    assert result.exit_code == 3 and "holds more than 1000 entries" in result.stderr and not made
    many_entries_zip(tmp_path / "1001.zip", 1_000)  # with the pack's own two: a short list, counted
    refused_naming(tmp_path, "1001.zip", None, "holds more than 1000 entries")
    many_entries_zip(tmp_path / "fine.zip", 900)
    assert cli(tmp_path, "lesson", "list", "fine.zip").exit_code == 0


@pytest.mark.parametrize("name, shown", [("../evil.yaml", "../evil.yaml"), ("/etc/evil.yaml", "/etc/evil.yaml"),
                                         ("C:/evil.yaml", "C:/evil.yaml"),
                                         ("club/\x1b]0;PWNED\x07.yaml", "club/\\x1b]0;PWNED\\x07.yaml")])
def test_an_unsafe_entry_name_is_refused_with_the_name_escaped(tmp_path, name, shown):
    make_zip(tmp_path / "slip.zip", [("club/pack.yaml", MANIFEST), ("club/01-melds.yaml", lesson_bytes()),
                                     (name, b"x: 1\n")])
    result = cli(tmp_path, "lesson", "list", "slip.zip")
    assert result.exit_code == 3 and f"slip.zip:{shown}: has a name no pack holds" in result.stderr, result.stderr
    assert "\x1b" not in result.stderr


def test_a_name_that_is_not_utf8_or_a_zip_that_is_no_zip_is_refused(tmp_path):
    path = make_zip(tmp_path / "names.zip", [("club/pack.yaml", MANIFEST), ("club/01-melds.yaml", lesson_bytes()),
                                             ("club/cafX.yaml", b"x: 1\n")])
    patch_entry(path, "club/cafX.yaml", flags=0x800)  # says its name is UTF-8...
    path.write_bytes(path.read_bytes().replace(b"cafX", b"caf\xff"))  # ...and it is not
    (tmp_path / "fake.zip").write_bytes(b"PK\x03\x04 not really a zip" * 4)
    for name in ("names.zip", "fake.zip"):
        result = cli(tmp_path, "lesson", "list", name)
        assert result.exit_code == 3 and result.stderr.startswith(f"canasta: {name}: "), result.stderr


def test_a_ruleset_file_inside_a_zip_is_refused_and_nothing_beside_the_zip_is_read(tmp_path):
    manifest = MANIFEST.replace(b"lessons:", b"ruleset: house.yaml\nlessons:")
    make_zip(tmp_path / "rs.zip", [("pack.yaml", manifest), ("01-melds.yaml", lesson_bytes()),
                                   ("house.yaml", b"id: house\ntitle: House\nextends: classic\n")])
    (tmp_path / "house.yaml").write_text(f"id: house\ntitle: {SECRET}\nextends: nonesuch\n", encoding="utf-8")
    result = cli(tmp_path, "lesson", "list", "rs.zip")
    assert result.exit_code == 3 and "a zipped pack cannot use" in result.stderr and SECRET not in result.stderr
    lesson = lesson_bytes().replace(b"ruleset: classic", b"ruleset: house.yaml")
    make_zip(tmp_path / "rs2.zip", [("pack.yaml", MANIFEST), ("01-melds.yaml", lesson)])
    result = cli(tmp_path, "lesson", "list", "rs2.zip")
    assert result.exit_code == 3 and "rs2.zip:01-melds.yaml:" in result.stderr and SECRET not in result.stderr


def test_a_zip_in_a_folder_walk_is_checked_with_the_same_limits(tmp_path):
    (tmp_path / "repo").mkdir()
    patch_entry(good_zip(tmp_path / "repo" / "aes.zip"), "club/01-melds.yaml", method=99)
    many_entries_zip(tmp_path / "repo" / "many.zip", 5_000, name_length=200)
    good_zip(tmp_path / "repo" / "good.zip")
    make_zip(tmp_path / "repo" / "other.zip", [("notes.txt", b"not a pack")])  # not a pack: left alone
    data = json.loads(cli(tmp_path, "lint", "repo", "--json").stdout)
    found = {f["file"]: [p["message"] for p in f["problems"]] for f in data["files"]}
    assert set(found) == {"repo/aes.zip", "repo/good.zip", "repo/many.zip"}
    assert found["repo/good.zip"] == [] and "method 99" in found["repo/aes.zip"][0]
    assert "more than 1000 entries" in found["repo/many.zip"][0]


# -- 5. each file read once, work linear in its size ---------------------------------------------------------

def many_checks(path: Path, count: int) -> Path:
    head = SCENARIO.read_text(encoding="utf-8").split("checks:")[0]
    check = ("  - move: draw; discard JK\n    expect: {legal: true}\n"
             "    by_ruleset:\n      brazilian: {legal: true}\n      danish: {legal: false, rules: [discard.wild]}\n")
    path.write_text(head + "checks:\n" + check * count, encoding="utf-8")
    return path


def counting(monkeypatch, module, name: str) -> list:
    calls: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_lint_reads_a_scenario_once_and_each_ruleset_table_once(tmp_path, monkeypatch):
    from canasta_tutor.files import snapshot
    from canasta_tutor.teaching.lint import lint_file

    path = many_checks(tmp_path / "big.yaml", 1000)
    parsed = counting(monkeypatch, strict_yaml, "parse")
    tables = counting(monkeypatch, snapshot, "read_table")
    start = time.monotonic()
    checked, problems = lint_file(path)
    assert time.monotonic() - start < 2
    assert checked == 3000 and problems == []
    assert [a[1] for a in parsed if a[1] == str(path)] == [str(path)]
    assert len(tables) == 3  # under its own ruleset, brazilian and danish, once each


def test_worksheet_reads_each_file_once_and_each_ruleset_table_once(tmp_path, monkeypatch):
    from canasta_tutor.teaching import worksheet

    path = many_checks(tmp_path / "big.yaml", 300)
    lesson = LESSONS / "01-melds.yaml"
    parsed = counting(monkeypatch, strict_yaml, "parse")
    tables = counting(monkeypatch, worksheet, "read_table")
    start = time.monotonic()
    qs = worksheet.questions([str(path), str(lesson)])
    assert time.monotonic() - start < 2
    assert len(qs) > 300 and all(len(q.also) == 2 for q in qs if q.source == str(path))
    assert sorted(a[1] for a in parsed if a[1] in (str(path), str(lesson))) == sorted([str(path), str(lesson)])
    assert len(tables) == 2  # the scenario's table under brazilian and under danish, once each


def test_lint_of_a_lesson_parses_it_once(tmp_path, monkeypatch):
    from canasta_tutor.teaching.lint import lint_file

    parsed = counting(monkeypatch, strict_yaml, "parse")
    checked, problems = lint_file(LESSONS / "01-melds.yaml")
    assert checked > 0 and problems == []
    assert len([a for a in parsed if a[1] == str(LESSONS / "01-melds.yaml")]) == 1


@pytest.mark.parametrize("inside", ["", "club/"])
def test_a_zipped_packs_lessons_keep_their_ids_wherever_the_files_lie_in_it(tmp_path, inside):
    """A lesson's id comes from its own file name, not from the zip's: club/melds, as in a folder pack,
    so that a learner's progress survives a renamed or moved zip."""
    make_zip(tmp_path / "gg.zip", [(f"{inside}pack.yaml", MANIFEST), (f"{inside}01-melds.yaml", lesson_bytes())])
    listed = cli(tmp_path, "lesson", "list", "gg.zip", "--json")
    assert listed.exit_code == 0, listed.stderr
    assert [le["id"] for le in json.loads(listed.stdout)["lessons"]] == ["club/melds"]
    assert cli(tmp_path, "lesson", "gg.zip/melds").exit_code == 0
