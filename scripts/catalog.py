#!/usr/bin/env python3
"""The words' catalog (Sources/MarketCore/Resources/Localizable.xcstrings), kept with the code.

  scripts/catalog.py keys [RECORDED...]     every key the templates use (#t("…")) and the
                                            recorded files hold (CATALOG_RECORD), one JSON string a line
  scripts/catalog.py add [RECORDED...]      adds the keys the catalog lacks, untranslated
  scripts/catalog.py merge LANG FILE.json   sets LANG's texts from FILE ({key: text, or {plural
                                            category: text}}); English plurals go in as LANG en
  scripts/catalog.py missing LANG           the keys LANG has no text for
  scripts/catalog.py unused [RECORDED...]   catalog keys neither the templates nor the records use

docs/translating.md says how a language is added.
"""
import json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Sources/MarketCore/Resources/Localizable.xcstrings")
VIEWS = os.path.join(ROOT, "Sources/MarketServer/Resources/Views")
TAG = re.compile(r'#t\(\s*"((?:[^"\\]|\\.)*)"')


def template_keys():
    keys = set()
    for folder, _, files in os.walk(VIEWS):
        for name in files:
            if name.endswith(".leaf"):
                text = open(os.path.join(folder, name), encoding="utf-8").read()
                keys |= {re.sub(r'\\(.)', r'\1', m.group(1)) for m in TAG.finditer(text)}
    return keys


def recorded_keys(paths):
    keys = set()
    for path in paths:
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line:
                try:
                    keys.add(json.loads(line))
                except ValueError:
                    pass  # a line cut by a process that stopped mid-write
    return keys


def load():
    return json.load(open(CATALOG, encoding="utf-8"))


def save(catalog):
    catalog["strings"] = dict(sorted(catalog["strings"].items()))
    text = json.dumps(catalog, ensure_ascii=False, indent=2, separators=(",", " : "))
    open(CATALOG, "w", encoding="utf-8").write(text + "\n")


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def localization(value):
    if isinstance(value, dict):
        return {"variations": {"plural": {category: unit(text) for category, text in value.items()}}}
    return unit(value)


def main(argv):
    command, rest = argv[1], argv[2:]
    catalog = load()
    strings = catalog["strings"]
    if command == "keys":
        for key in sorted(template_keys() | recorded_keys(rest)):
            print(json.dumps(key, ensure_ascii=False))
    elif command == "add":
        new = sorted((template_keys() | recorded_keys(rest)) - set(strings))
        for key in new:
            strings[key] = {}
        save(catalog)
        print(f"{len(new)} keys added")
    elif command == "merge":
        language, path = rest
        texts = json.load(open(path, encoding="utf-8"))
        unknown = [key for key in texts if key not in strings]
        for key, value in texts.items():
            strings.setdefault(key, {}).setdefault("localizations", {})[language] = localization(value)
        save(catalog)
        print(f"{len(texts)} texts merged into {language}" + (f"; {len(unknown)} were new keys" if unknown else ""))
    elif command == "missing":
        for key in sorted(strings):
            if rest[0] not in strings[key].get("localizations", {}):
                print(json.dumps(key, ensure_ascii=False))
    elif command == "unused":
        used = template_keys() | recorded_keys(rest)
        for key in sorted(set(strings) - used):
            print(json.dumps(key, ensure_ascii=False))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv)
