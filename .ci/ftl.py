"""The station's Fluent catalogues (crates/lang/locales/LANG.ftl) as the CI's Python scripts read
them (.ci/a11y.py, .ci/orca.py): each one-line message, id -> text."""

import os
import re


def catalogue(locales, code):
    """The one-line messages of LOCALES/CODE.ftl: id -> text (a message of several lines, a
    plural's selector, is left out)."""
    msgs = {}
    with open(os.path.join(locales, f"{code}.ftl"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([a-z][a-z0-9-]*) = (.*\S)\s*$", line)
            if m and not m.group(2).endswith("->"):
                msgs[m.group(1)] = m.group(2)
    return msgs


def fill(text, **args):
    """`text` with each `{ $name }` replaced by args[name]."""
    for k, v in args.items():
        text = text.replace("{ $%s }" % k, str(v))
    return text
