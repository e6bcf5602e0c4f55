#!/usr/bin/env python3
"""Writes a man page for `catalog` and every subcommand from the command tree the binary dumps.

usage: catalog --experimental-dump-help > commands.json
       python3 scripts/manpages.py commands.json OUT_DIR [--version V] [--date YYYY-MM-DD]

Pages are named the way `man` finds them, git-style: catalog.1, catalog-search.1,
catalog-label-print.1 (so `man catalog-label-print`). Each has NAME, SYNOPSIS, DESCRIPTION (the
command's abstract and discussion), OPTIONS, the subcommands it has, and SEE ALSO. The text is
the same as `--help` prints, so the two never disagree. Only the standard library is used.
"""

import argparse
import datetime
import json
import os
import sys


def escape(text):
    """Roff-safe text: backslashes doubled, a leading dot or quote made literal, dashes kept as dashes."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """Roff for help text: blank lines start paragraphs, other line breaks are kept as breaks."""
    out = []
    for block in text.strip().split("\n\n"):
        out.append(".PP")
        lines = [escape(line) for line in block.split("\n") if line.strip()]
        out.append("\n.br\n".join(lines))
    return "\n".join(out)


def page_name(command):
    return "-".join((command.get("superCommands") or []) + [command["commandName"]])


def full_name(command):
    return " ".join((command.get("superCommands") or []) + [command["commandName"]])


def visible(items):
    return [item for item in items or [] if item.get("shouldDisplay", True)]


def spelling(name):
    prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}[name["kind"]]
    return prefix + name["name"]


def value_part(argument):
    if argument["kind"] == "option":
        return " <%s>" % argument.get("valueName", "value")
    return ""


def usage_word(argument):
    """One word of the synopsis: `[--limit <n>]`, `<code> ...`."""
    if argument["kind"] == "positional":
        word = "<%s>" % argument.get("valueName", "value")
    else:
        name = argument.get("preferredName") or (argument.get("names") or [{"kind": "long", "name": "?"}])[0]
        word = spelling(name) + value_part(argument)
    if argument.get("isRepeating"):
        word += " ..."
    return "[%s]" % word if argument.get("isOptional") else word


def option_entry(argument):
    """The .TP entry for one argument in OPTIONS."""
    if argument["kind"] == "positional":
        label = "\\fI<%s>\\fR" % escape(argument.get("valueName", "value"))
    else:
        label = ", ".join("\\fB%s\\fR%s" % (escape(spelling(n)), escape(value_part(argument)))
                          for n in argument.get("names") or [])
    if argument.get("isRepeating"):
        label += " ..."
    text = argument.get("abstract", "")
    if argument.get("discussion"):
        text = (text + "\n" + argument["discussion"]).strip()
    values = argument.get("allValues")
    if values:
        text += "\n(values: %s)" % ", ".join(values)
    default = argument.get("defaultValue")
    if default not in (None, "", "false"):
        text += "\n(default: %s)" % default
    lines = [".TP", label]
    if text:
        lines.append("\n.br\n".join(escape(line) for line in text.split("\n") if line.strip()))
    return "\n".join(lines)


def render(command, version, date):
    name = page_name(command)
    subcommands = visible(command.get("subcommands"))
    arguments = visible(command.get("arguments"))
    out = [
        '.TH "%s" 1 "%s" "catalog %s" "catalog manual"' % (name.upper(), date, escape(version)),
        ".SH NAME",
        "%s \\- %s" % (escape(name), escape(command.get("abstract", ""))),
        ".SH SYNOPSIS",
        ".B %s" % escape(full_name(command)),
    ]
    words = [usage_word(a) for a in arguments]
    if subcommands:
        words.append("<subcommand>" if not arguments else "[<subcommand>]")
    if words:
        out.append(escape(" ".join(words)))
    out.append(".SH DESCRIPTION")
    out.append(paragraphs(command.get("abstract", "")))
    if command.get("discussion"):
        out.append(paragraphs(command["discussion"]))
    if arguments:
        out.append(".SH OPTIONS")
        out.extend(option_entry(a) for a in arguments)
    if subcommands:
        out.append(".SH SUBCOMMANDS")
        for sub in subcommands:
            out.append(".TP\n\\fB%s\\fR\n%s" % (escape(sub["commandName"]), escape(sub.get("abstract", ""))))
            out.append("See \\fB%s\\fR(1)." % escape(page_name(sub)))
    related = []
    if command.get("superCommands"):
        parent = dict(command, commandName=command["superCommands"][-1], superCommands=command["superCommands"][:-1])
        related.append(page_name(parent))
    related += [page_name(sub) for sub in subcommands]
    if related:
        out.append(".SH SEE ALSO")
        out.append(",\n".join("\\fB%s\\fR(1)" % escape(r) for r in related))
    return "\n".join(out) + "\n"


def walk(command):
    yield command
    for sub in visible(command.get("subcommands")):
        yield from walk(sub)


def main():
    parser = argparse.ArgumentParser(description="Man pages for catalog from --experimental-dump-help.")
    parser.add_argument("commands", help="the JSON `catalog --experimental-dump-help` printed")
    parser.add_argument("output", help="the folder to write NAME.1 files into (made if missing)")
    parser.add_argument("--version", default="0.0.0")
    parser.add_argument("--date", default=os.environ.get("SOURCE_DATE_EPOCH") and datetime.datetime.fromtimestamp(
        int(os.environ["SOURCE_DATE_EPOCH"]), datetime.timezone.utc).date().isoformat()
        or datetime.date.today().isoformat())
    options = parser.parse_args()
    try:
        with open(options.commands) as handle:
            tree = json.load(handle)
    except (OSError, ValueError) as error:
        sys.exit("manpages: cannot read %s: %s" % (options.commands, error))
    if tree.get("serializationVersion") != 0 or "command" not in tree:
        sys.exit("manpages: %s is not swift-argument-parser's help dump (version 0)" % options.commands)
    os.makedirs(options.output, exist_ok=True)
    count = 0
    for command in walk(tree["command"]):
        with open(os.path.join(options.output, page_name(command) + ".1"), "w") as page:
            page.write(render(command, options.version, options.date))
        count += 1
    print("manpages: wrote %d pages to %s" % (count, options.output), file=sys.stderr)


if __name__ == "__main__":
    main()
