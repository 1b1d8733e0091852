// An overdue calibration is flagged: the rule on the server's clock, and the listing page's panel.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CalibrationPanel } from "~/components/listing-detail/CalibrationPanel.tsx";
import { isCalibrationOverdue } from "~/lib/calibration.ts";

const NOW = new Date("2026-12-02T10:00:00Z");

describe("an overdue calibration", () => {
  it("is one due before today (UTC); today, a later day, none or an unreadable date is not", () => {
    expect(isCalibrationOverdue("2026-12-01", NOW)).toBe(true);
    expect(isCalibrationOverdue("2020-01-10", NOW)).toBe(true);
    expect(["2026-12-02", "2027-03-04", null, "", "soon"].map((due) => isCalibrationOverdue(due, NOW))).toEqual([false, false, false, false, false]);
  });

  it("shows its flag on the listing page's calibration panel", () => {
    const data = { testLevel: null, calibrationDate: "2019-01-10", calibrationDue: "2020-01-10", calibrationAccredited: false, installedOptions: "" };
    expect(renderToString(<CalibrationPanel data={{ ...data, calibrationOverdue: true }} />)).toContain("Calibration overdue");
    expect(renderToString(<CalibrationPanel data={{ ...data, calibrationOverdue: false }} />)).not.toContain("Calibration overdue");
  });
});
