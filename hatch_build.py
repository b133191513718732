"""Build step of the wheel: the translation catalogs, compiled from their .po sources.

The compiled catalogs (.mo) are not kept in git; `make catalogs` builds them for a checkout.
A wheel is built from a clean checkout or from the sdist, where none exist, so this hook
compiles every catalog with Babel (named in pyproject.toml's [build-system] requires) into a
temporary folder and has hatchling place the results where the app reads them.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

TRANSLATIONS = Path("classroom") / "translations"


class CatalogsBuildHook(BuildHookInterface):
    """Compile classroom/translations/*/LC_MESSAGES/*.po into the wheel's .mo files."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            # An editable install reads the checkout itself, where `make catalogs` builds them.
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        self._compiled = Path(tempfile.mkdtemp(prefix="classroom-catalogs-"))
        sources = sorted((Path(self.root) / TRANSLATIONS).glob("*/LC_MESSAGES/*.po"))
        if not sources:
            raise RuntimeError(f"no translation catalogs found under {TRANSLATIONS}")
        for source in sources:
            relative = source.relative_to(self.root).with_suffix(".mo")
            target = self._compiled / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as po:
                catalog = read_po(po, locale=source.parts[-3])
            with target.open("wb") as mo:
                # As `pybabel compile` does: an entry marked fuzzy is not a translation yet.
                write_mo(mo, catalog, use_fuzzy=False)
            build_data["force_include"][str(target)] = relative.as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            shutil.rmtree(compiled, ignore_errors=True)
