// The four steps of the bulk upload, the current one highlighted.
import { Badge, Box } from "@chakra-ui/react";

export function BulkStepHeader({ step }: { step: 1 | 2 | 3 | 4 }) {
  const steps = ["Upload CSV", "Review Listings", "Payment & Import Summary", "Import"];
  return (
    <Box as="ol" display="flex" gap="3" flexWrap="wrap" listStyleType="none" aria-label="Bulk upload steps">
      {steps.map((label, index) => (
        <Box as="li" key={label} aria-current={index + 1 === step ? "step" : undefined}>
          <Badge colorPalette={index + 1 === step ? "blue" : index + 1 < step ? "green" : "gray"} variant={index + 1 === step ? "solid" : "subtle"} size="lg">
            {index + 1}. {label}
          </Badge>
        </Box>
      ))}
    </Box>
  );
}
