// What test gear buyers check first: how it was tested, when it was calibrated and by whom, and its options.
import { CALIBRATION_OVERDUE_LABEL } from "~/lib/calibration.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { isTestLevel, TEST_LEVEL_LABELS } from "~/lib/test-levels.ts";
import { classNames } from "../shell-styles.ts";
import { calibrationFacts, panel } from "./detail-styles.ts";

export interface CalibrationData {
  testLevel: string | null;
  calibrationDate: string | null;
  calibrationDue: string | null;
  calibrationOverdue?: boolean;
  calibrationAccredited: boolean;
  installedOptions: string;
}

/** "2026-03-04" → "Mar 4, 2026"; anything unreadable is shown as stored. */
function formatCalendarDate(value: string): string {
  return (/^\d{4}-\d{2}-\d{2}$/.test(value) && formatShortDate(value)) || value;
}

function hasCalibrationData(data: CalibrationData): boolean {
  return Boolean(data.testLevel || data.calibrationDate || data.calibrationDue || data.calibrationAccredited || data.installedOptions.trim());
}

export function CalibrationPanel({ data }: { data: CalibrationData }) {
  if (!hasCalibrationData(data)) return null;
  const testLevel = data.testLevel ? (isTestLevel(data.testLevel) ? TEST_LEVEL_LABELS[data.testLevel] : data.testLevel) : null;
  return (
    <section aria-labelledby="calibration-heading" className={panel.root}>
      <div className={panel.body}>
        <h2 id="calibration-heading" className={panel.heading}>
          Testing &amp; calibration
        </h2>
        {data.calibrationAccredited ? <span className={panel.accredited}>ISO/IEC 17025 accredited</span> : null}
        {data.calibrationOverdue ? <span className={panel.overdue}>{CALIBRATION_OVERDUE_LABEL}</span> : null}
        <dl className={calibrationFacts.root}>
          {testLevel ? <Row label="Test level" value={testLevel} /> : null}
          {data.calibrationDate ? <Row label="Calibrated" value={formatCalendarDate(data.calibrationDate)} /> : null}
          {data.calibrationDue ? <Row label="Calibration due" value={formatCalendarDate(data.calibrationDue)} /> : null}
          {data.installedOptions.trim() ? <Row label="Installed options" value={data.installedOptions.trim()} /> : null}
        </dl>
      </div>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={calibrationFacts.item}>
      <dt className={calibrationFacts.label}>{label}</dt>
      <dd className={classNames(calibrationFacts.value, calibrationFacts.valueKept)}>{value}</dd>
    </div>
  );
}
