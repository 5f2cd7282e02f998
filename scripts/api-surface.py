#!/usr/bin/env python3
"""Turns `swift-api-digester -dump-sdk` JSON for WidgetDash into docs/api-surface.md.

One line per public symbol, sorted: its kind, its qualified name and, for types, their
conformances (for outside types such as String, only those WidgetDash adds); for functions,
initializers, subscripts, properties and type aliases, its signature. Module prefixes
(WidgetDash., Swift., Foundation.) are dropped for reading; underscored symbols are kept,
since they are public too. Usage: api-surface.py DUMP.json > docs/api-surface.md
"""
import json
import re
import sys

HEADER = """# WidgetDash's public API

Every public symbol of the author API (the `WidgetDash` module), one a line, sorted. It is
generated: run `scripts/api-surface.sh` after changing what WidgetDash makes public, and
review the difference like code. A test (`APISurfaceTests`) fails when this file is stale.
Host-only helpers are `package` and do not appear here (see docs/DECISIONS.md).

```
"""

# Conformances every type has, which say nothing about the API.
MARKERS = {"Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"}

PREFIXES = re.compile(r"\b(?:WidgetDash|Swift|Foundation|FoundationEssentials|_Concurrency)\.")


def clean(text):
    return PREFIXES.sub("", text)


def signature(node, name):
    """`name(label: Type, …)` from a printed name such as `write(_:x:y:)` and the node's types."""
    types = [clean(c["printedName"]) for c in node.get("children", [])]
    result, params = types[:1], types[1:]
    base, _, labels = name.partition("(")
    labels = [l for l in labels.rstrip(")").split(":") if l != ""] if labels else []
    parts = [f"{label}: {t}" for label, t in zip(labels, params)]
    return f"{base}({', '.join(parts)})", (result[0] if result else "()")


def lines_for(node, path, out):
    kind, decl = node.get("kind"), node.get("declKind", "")
    name = node.get("printedName", node.get("name", ""))
    # `package` symbols are in the dump, marked internal; the compiler's own `==` witnesses
    # (`__derived_struct_equals`) are told by the Equatable conformance already.
    if node.get("isInternal") or name.startswith("__derived_"):
        return
    static = "static " if node.get("static") else ""
    if kind == "TypeDecl":
        qualified = ".".join(path + [name])
        # An outside type (String, Optional…) lists only what this module makes it conform to.
        conformances = [clean(c["printedName"]) for c in node.get("conformances", [])
                        if c["printedName"] not in MARKERS
                        and (not node.get("isExternal") or "10WidgetDash" in c.get("usr", ""))]
        if node.get("isExternal"):
            label = f"extension {qualified}"
        else:
            label = f"{decl.lower()} {qualified}"
        if conformances:
            label += ": " + ", ".join(sorted(conformances))
        if conformances or not node.get("isExternal"):
            out.append(label)
        for child in node.get("children", []):
            lines_for(child, path + [name], out)
        return
    prefix = ".".join(path + [""]) if path else ""
    if kind == "Var" and decl == "EnumElement":
        out.append(f"case {prefix}{name}")
    elif kind == "Var":
        out.append(f"{static}var {prefix}{name}: {clean(node['children'][0]['printedName'])}")
    elif kind in ("Function", "Subscript"):
        sig, result = signature(node, name)
        word = "func" if kind == "Function" else "subscript"
        out.append(f"{static}{word} {prefix}{sig} -> {result}")
    elif kind == "Constructor":
        sig, _ = signature(node, name)
        out.append(f"init {prefix}{sig}")
    elif kind == "TypeAlias":
        target = clean(node["children"][0]["printedName"]) if node.get("children") else ""
        out.append(f"typealias {prefix}{name} = {target}")
    elif kind == "AssociatedType":
        out.append(f"associatedtype {prefix}{name}")


def main():
    with open(sys.argv[1]) as f:
        root = json.load(f)["ABIRoot"]
    out = []
    for node in root.get("children", []):
        if node.get("kind") != "Import":
            lines_for(node, [], out)
    sys.stdout.write(HEADER + "\n".join(sorted(set(out), key=lambda l: (l.split(" ", 1)[-1].lower(), l))) + "\n```\n")


if __name__ == "__main__":
    main()
