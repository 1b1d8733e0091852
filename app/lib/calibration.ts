// When a calibration is overdue: its due date (YYYY-MM-DD) lies before today, read on the server's clock in
// UTC, so the page a buyer sees and the flag agree. A due date that is today is not yet overdue.

export const CALIBRATION_OVERDUE_LABEL = "Calibration overdue";

export function isCalibrationOverdue(due: string | null, now: Date = new Date()): boolean {
  if (!due || !/^\d{4}-\d{2}-\d{2}$/.test(due)) return false;
  return due < now.toISOString().slice(0, 10);
}
