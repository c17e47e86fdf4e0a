"""`canasta progress --class [--csv]`, `--export FILE`, `--import FILE`: a class's results for the
teacher, and one learner's progress carried between computers."""
from __future__ import annotations

import sys

from canasta_tutor.cli.common import emit_json, print_safe


def class_command(whole_class: bool, as_csv: bool, export: str | None, import_file: str | None,
                  learner: str | None, as_json: bool, verbose: bool = False) -> None:
    from canasta_tutor import texts
    from canasta_tutor.learning import progress_class as pc
    from canasta_tutor.learning.progress import Progress, database_path
    from canasta_tutor.reading.strict_yaml import InputError, UsageError, read_text

    def say(key: str, **params: object) -> str:
        return texts.section("learning", f"class.{key}", params)

    if sum(map(bool, (whole_class, export, import_file))) > 1:
        raise UsageError(say("one-at-a-time"))
    if as_csv and as_json:  # two formats on one output: neither would be what a script expects
        raise UsageError(say("csv-or-json"))
    if import_file:
        data = pc.read_export(read_text(import_file), import_file)  # checked whole before the database is opened
        store = Progress(learner=learner or data["learner"], write=True)
        try:
            done = pc.import_data(store, data, learner)
        finally:
            store.close()
        if as_json:
            emit_json(done | {"database": str(store.path)})
        else:
            print_safe(say("imported", n=done["answers_added"], learner=done["learner"], path=store.path))
        return
    if not database_path().exists():  # reading never creates the database
        if export:
            raise InputError(say("nothing-to-export", path=database_path()))
        data = {"database": str(database_path()), "learners": []}
    else:
        store = Progress(learner=learner, write=False)
        try:
            if export:
                from canasta_tutor.files.writing import write_file

                write_file(export, pc.export_text(store))
                if as_json:
                    emit_json({"written": export, "learner": store.learner, "answers": store.answers()})
                else:
                    print_safe(say("exported", file=export, learner=store.learner, n=store.answers()))
                return
            data = pc.class_data(store)
        finally:
            store.close()
    if as_csv:
        sys.stdout.write(pc.class_csv(data))
    elif as_json:
        emit_json(data)
    else:
        _print_class(data, say, verbose)


def _print_class(data: dict, say, verbose: bool) -> None:
    from canasta_tutor.learning.tested import topic_title
    from canasta_tutor.render.safe import clean

    if not data["learners"]:
        print(clean(say("none", path=data["database"])))
        return
    for who in data["learners"]:
        finished = [ls["lesson"] for ls in who["lessons"] if ls["finished"]]
        answers = sum(r["answers"] for r in who["rules"])
        wrong = sum(r["wrong_first_tries"] for r in who["rules"])
        print(clean(say("learner", learner=who["learner"], answers=answers, wrong=wrong,
                        lessons=len(finished), started=len(who["lessons"]))))
        weak = [r for r in who["rules"] if r["memory"] is not None and r["memory"] < 0.9]
        for r in sorted(weak, key=lambda r: r["memory"])[:5]:
            rule = r["rule"] if verbose else topic_title(r["rule"])
            print(clean("  " + say("weak", rule=rule, memory=round(r["memory"] * 100),
                                   wrong=r["wrong_first_tries"])))
