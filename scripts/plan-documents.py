#!/usr/bin/env python3
"""Writes the plan documents the fixtures' plans list (`documents:` in fixtures/catalogue/plans/*.yaml) as PDF files
under fixtures/assets/documents/, from the plans' own facts, so that a summary of benefits never disagrees with the
plan it describes. The files are committed; run this again after changing a plan's facts or its documents:

    python3 scripts/plan-documents.py

The PDFs are plain PDF 1.4 with the standard Helvetica font, written here without any library.
"""

import pathlib
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLANS = ROOT / "fixtures" / "catalogue" / "plans"
CARRIERS = ROOT / "fixtures" / "catalogue" / "carriers.yaml"
OUT = ROOT / "fixtures" / "assets"

LABELS = {
    "network": "Network",
    "deductible_usd": "Deductible",
    "out_of_pocket_max_usd": "Out-of-pocket maximum",
    "primary_care_copay_usd": "Primary care visit",
    "specialist_copay_usd": "Specialist visit",
    "emergency_room_copay_usd": "Emergency room visit",
    "coinsurance_percent": "Your coinsurance after the deductible",
    "generic_drug_copay_usd": "Generic drugs",
    "annual_maximum_usd": "Annual maximum",
    "preventive_paid_percent": "Preventive care paid by the plan",
    "basic_waiting_period_months": "Waiting period, basic services",
    "major_waiting_period_months": "Waiting period, major services",
    "hsa_eligible": "Qualifies for a health savings account",
}


def written(key, value):
    if key == "network":
        return {"ppo": "PPO", "hmo": "HMO", "epo": "EPO"}.get(value, str(value))
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if key.endswith("_usd"):
        return f"${value:,}"
    if key.endswith("_percent"):
        return f"{value}%"
    if key.endswith("_months"):
        return "None" if value == 0 else f"{value} months"
    return str(value)


def pdf(title, lines):
    """A PDF of `title` and `lines` (None: a blank line), on as many US Letter pages as they need."""

    def text(s):
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    per_page = 48
    pages = [lines[i : i + per_page] for i in range(0, max(len(lines), 1), per_page)]
    objects = []

    def add(body):
        objects.append(body)
        return len(objects)

    catalog = add(None)
    page_tree = add(None)
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    bold = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>")
    kids = []
    for n, page_lines in enumerate(pages):
        ops = [b"BT", b"/F2 16 Tf", b"72 740 Td", f"({text(title)}) Tj".encode("latin-1")]
        ops += [b"/F1 10 Tf", b"0 -28 Td"]
        for line in page_lines:
            if line is not None:
                style = b"/F2 11 Tf" if line.startswith("## ") else b"/F1 10 Tf"
                shown = line[3:] if line.startswith("## ") else line
                ops += [style, f"({text(shown)}) Tj".encode("latin-1")]
            ops.append(b"0 -14 Td")
        ops += [b"/F1 8 Tf", f"(Page {n + 1} of {len(pages)}) Tj".encode("latin-1"), b"ET"]
        stream = b"\n".join(ops)
        contents = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>" % (page_tree, contents, font, bold)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % page_tree
    objects[page_tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)


def summary(plan, carrier):
    lines = [f"{carrier['name']} | {plan['plan_name']}", None, plan["short_text"], None]
    for option in plan["options"]:
        facts = {**plan.get("facts", {}), **option.get("facts", {})}
        lines.append(f"## {option['name']}")
        for key, label in LABELS.items():
            if key in facts:
                lines.append(f"{label}: {written(key, facts[key])}")
        lines.append(None)
    lines += [
        "## What this summary is",
        "A summary of what the plan covers and what you pay. It is not the policy: the policy's terms decide.",
        f"Questions: {carrier['name']} at {phone(carrier.get('phone', ''))}.",
    ]
    return lines


def directory(plan, carrier):
    network = {**plan.get("facts", {})}.get("network", "ppo")
    lines = [f"{carrier['name']} {written('network', network)} network | {plan['plan_name']}", None]
    doctors = [
        ("Family medicine", "Dr. Amara Nwosu", "Midtown Family Practice", "Atlanta, GA"),
        ("Family medicine", "Dr. Luis Ortega", "Peachtree Primary Care", "Decatur, GA"),
        ("Pediatrics", "Dr. Hannah Kim", "Little Oaks Pediatrics", "Marietta, GA"),
        ("Cardiology", "Dr. Samuel Reed", "Heart Center of Georgia", "Atlanta, GA"),
        ("Dermatology", "Dr. Priya Shah", "Clear Skin Dermatology", "Sandy Springs, GA"),
        ("Orthopedics", "Dr. Marcus Bell", "Northside Orthopedics", "Atlanta, GA"),
        ("Hospital", "", "Grady Memorial Hospital", "Atlanta, GA"),
        ("Hospital", "", "Piedmont Atlanta Hospital", "Atlanta, GA"),
        ("Urgent care", "", "QuickCare Urgent Care", "Roswell, GA"),
    ]
    for specialty, name, practice, city in doctors:
        lines.append(f"{specialty}: {name + ', ' if name else ''}{practice}, {city}")
    lines += [
        None,
        "A sample of the network near Atlanta. Providers join and leave the network: confirm with the provider",
        f"or with {carrier['name']} at {phone(carrier.get('phone', ''))} before a visit.",
    ]
    return lines


def drug_list(plan, carrier):
    facts = {**plan.get("facts", {})}
    for option in plan["options"]:
        facts = {**facts, **option.get("facts", {})}
        break
    copay = facts.get("generic_drug_copay_usd")
    generic = f"${copay} copay" if copay is not None else "counts toward the deductible"
    lines = [f"{carrier['name']} | {plan['plan_name']}", None, f"## Tier 1: generic drugs ({generic})"]
    lines += [
        "Atorvastatin (cholesterol)",
        "Lisinopril (blood pressure)",
        "Metformin (diabetes)",
        "Levothyroxine (thyroid)",
        "Amoxicillin (infections)",
        "Sertraline (depression, anxiety)",
        None,
        "## Tier 2: preferred brand drugs (after the deductible, then your coinsurance)",
        "Eliquis (blood clots)",
        "Januvia (diabetes)",
        "Symbicort (asthma, COPD)",
        None,
        "## Tier 3: specialty drugs (prior authorization required)",
        "Humira (autoimmune conditions)",
        "Enbrel (autoimmune conditions)",
        None,
        "The list changes during the year. A drug not listed may still be covered after an exception request.",
    ]
    return lines


KINDS = {
    "summary_of_benefits": ("Summary of Benefits and Coverage", summary),
    "provider_directory": ("Provider Directory", directory),
    "drug_list": ("Drug List", drug_list),
}


def phone(digits):
    d = "".join(c for c in str(digits) if c.isdigit())
    return f"({d[0:3]}) {d[3:6]}-{d[6:10]}" if len(d) == 10 else str(digits)


def main():
    carriers = {c["carrier_id"]: c for c in yaml.safe_load(CARRIERS.read_text())["carriers"]}
    written_files = 0
    for path in sorted(PLANS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        plans = data["plans"] if isinstance(data, dict) else data
        for plan in plans:
            for doc in plan.get("documents", []):
                title, lines = KINDS[doc["kind"]]
                target = OUT / doc["url"].removeprefix("/assets/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(pdf(title, lines(plan, carriers[plan["carrier_id"]])))
                written_files += 1
    print(f"wrote {written_files} plan documents under {OUT / 'documents'}")


if __name__ == "__main__":
    sys.exit(main())
