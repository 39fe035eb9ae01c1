"""The systemd unit (deploy/campusmarket.service) is one systemd accepts."""
import shutil
import subprocess

import pytest

from conftest import BINARY, ROOT


def test_the_unit_passes_systemd_analyze_verify(tmp_path):
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed")
    unit = (ROOT / "deploy" / "campusmarket.service").read_text()
    assert "DynamicUser=yes" in unit and "ProtectSystem=strict" in unit and "NoNewPrivileges=yes" in unit
    assert "ReadWritePaths=/var/lib/campusmarket" in unit
    # The unit names the installed path; verify it against the built binary instead.
    checked = tmp_path / "campusmarket.service"
    checked.write_text(unit.replace("/opt/campusmarket/campusmarket", BINARY))
    result = subprocess.run(["systemd-analyze", "verify", str(checked)], capture_output=True, text=True)
    problems = [line for line in result.stderr.splitlines() if "campusmarket.service" in line]
    assert result.returncode == 0 and problems == [], result.stderr
