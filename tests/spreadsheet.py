"""A real spreadsheet engine for the workbook's tests: LibreOffice Calc, headless.

``recalculate(paths, folder)`` opens every workbook in **one** ``soffice`` run (each run
costs seconds) with a profile of its own that recalculates every formula on load, and
saves each as a new xlsx whose cached values are LibreOffice's own. LibreOffice's default
is to trust the cached values of an xlsx file; ``without_cached_values`` strips them first,
so a value read back can only be one LibreOffice computed.

``printed(paths, folder)`` prints them to PDF the same way, and ``pdf_pages`` reads each
page's text back (poppler's ``pdftotext``). ``SKIP`` and ``SKIP_PDF`` are the one-line
reasons to skip where ``soffice`` or ``pdftotext`` is absent.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
SKIP = "LibreOffice (soffice, Debian's libreoffice-calc-nogui) is not installed"

#: The profile's settings: recalculate every formula of an xlsx and an ods file on load.
_PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""

#: What LibreOffice writes in a cell whose formula failed.
ERRORS = re.compile(r"^(#(NAME\?|VALUE!|DIV/0!|N/A|REF!|NUM!|NULL!)|Err:\d+)")


def without_cached_values(source: Path, target: Path) -> Path:
    """A copy of an xlsx file with every formula's cached value removed."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = re.sub(rb"(</f>)<v>[^<]*</v>", rb"\1", data)
            new.writestr(item, data)
    return target


def recalculate(paths: list[Path], folder: Path) -> dict[Path, Path]:
    """Each workbook opened by LibreOffice, recalculated, saved anew: original -> saved."""
    return _convert(paths, folder, "xlsx")


def printed(paths: list[Path], folder: Path) -> dict[Path, Path]:
    """Each workbook printed by LibreOffice to PDF, every sheet, as a person prints it:
    original -> the PDF (issue 43)."""
    return _convert(paths, folder, "pdf")


def _convert(paths: list[Path], folder: Path, kind: str) -> dict[Path, Path]:
    """Each workbook opened by LibreOffice (one run, its own profile, every formula
    recalculated on load) and written as ``kind``: original -> written."""
    assert SOFFICE is not None, SKIP
    assert len({p.name for p in paths}) == len(paths), "file names must differ"
    profile = folder / "profile"
    (profile / "user").mkdir(parents=True, exist_ok=True)
    (profile / "user" / "registrymodifications.xcu").write_text(_PROFILE, encoding="utf-8")
    out = folder / ("recalculated" if kind == "xlsx" else kind)
    done = subprocess.run([SOFFICE, f"-env:UserInstallation={profile.as_uri()}", "--headless",
                           "--norestore", "--convert-to", kind, "--outdir", str(out),
                           *map(str, paths)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"soffice failed ({done.returncode}): {done.stderr[-2000:]}"
    saved = {path: out / f"{path.stem}.{kind}" for path in paths}
    missing = [str(p) for p, s in saved.items() if not s.exists()]
    assert not missing, f"LibreOffice wrote nothing for {missing}"
    return saved


PDFTOTEXT = shutil.which("pdftotext")
SKIP_PDF = "poppler's pdftotext (Debian's poppler-utils) is not installed"


def pdf_pages(path: Path) -> list[str]:
    """The text of each page of a PDF, laid out as printed (pdftotext)."""
    assert PDFTOTEXT is not None, SKIP_PDF
    done = subprocess.run([PDFTOTEXT, "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True, timeout=60)
    return done.stdout.split("\f")[:-1]


def named_cells(path: Path) -> dict[str, tuple[str, str]]:
    """A workbook's defined names: name -> (sheet, cell)."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    found = {}
    for name, defined in book.defined_names.items():
        (sheet, cell), = list(defined.destinations)
        found[name] = (sheet, cell.replace("$", ""))
    return found


def values(path: Path) -> Any:
    """The workbook's values (openpyxl, data_only: the values its last engine saved)."""
    import openpyxl

    return openpyxl.load_workbook(path, data_only=True)


def error_cells(book: Any) -> list[str]:
    """Every cell holding a spreadsheet error, as sheet!cell: value."""
    return [f"{sheet.title}!{cell.coordinate}: {cell.value}" for sheet in book.worksheets
            for row in sheet.iter_rows() for cell in row
            if isinstance(cell.value, str) and ERRORS.match(cell.value)]
