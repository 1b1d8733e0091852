// What test gear buyers check first: how it was tested, when it was calibrated and by whom, and its options.
import { Badge, Card, DataList, Heading } from "@chakra-ui/react";
import { isTestLevel, TEST_LEVEL_LABELS } from "~/lib/test-levels.ts";

export interface CalibrationData {
  testLevel: string | null;
  calibrationDate: string | null;
  calibrationDue: string | null;
  calibrationAccredited: boolean;
  installedOptions: string;
}

const calendarDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "2026-03-04" → "Mar 4, 2026"; anything unreadable is shown as stored. */
export function formatCalendarDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : calendarDate.format(date);
}

export function hasCalibrationData(data: CalibrationData): boolean {
  return Boolean(data.testLevel || data.calibrationDate || data.calibrationDue || data.calibrationAccredited || data.installedOptions.trim());
}

export function CalibrationPanel({ data }: { data: CalibrationData }) {
  if (!hasCalibrationData(data)) return null;
  const testLevel = data.testLevel ? (isTestLevel(data.testLevel) ? TEST_LEVEL_LABELS[data.testLevel] : data.testLevel) : null;
  return (
    <Card.Root as="section" aria-labelledby="calibration-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="calibration-heading">
          Testing &amp; calibration
        </Heading>
        {data.calibrationAccredited ? (
          <Badge colorPalette="green" variant="solid" w="fit-content">
            ISO/IEC 17025 accredited
          </Badge>
        ) : null}
        <DataList.Root orientation="horizontal" gap="2" size="sm">
          {testLevel ? <Row label="Test level" value={testLevel} /> : null}
          {data.calibrationDate ? <Row label="Calibrated" value={formatCalendarDate(data.calibrationDate)} /> : null}
          {data.calibrationDue ? <Row label="Calibration due" value={formatCalendarDate(data.calibrationDue)} /> : null}
          {data.installedOptions.trim() ? <Row label="Installed options" value={data.installedOptions.trim()} /> : null}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue whiteSpace="pre-wrap" overflowWrap="anywhere">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
