// The system checks: each check's state badge, what it found and how long it took. The dashboard shows
// it compact; /admin/system-status in full with the overall state.
import { Badge, Box, Flex, List, Text } from "@chakra-ui/react";
import { CHECK_STATE_LABELS, CHECK_STATE_PALETTES, type CheckState, type StatusCheck } from "~/lib/admin-dashboard.ts";

export function CheckStateBadge({ state }: { state: CheckState }) {
  return (
    <Badge colorPalette={CHECK_STATE_PALETTES[state]} variant="subtle">
      {CHECK_STATE_LABELS[state]}
    </Badge>
  );
}

export function SystemStatusList({ checks, compact = false }: { checks: StatusCheck[]; compact?: boolean }) {
  return (
    <List.Root variant="plain" gap="2">
      {checks.map((check) => (
        <List.Item key={check.key} display="block">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text fontWeight="medium">{check.label}</Text>
            <Flex gap="2" align="center">
              <Text fontSize="xs" color="fg.muted">
                {check.latencyMs} ms
              </Text>
              <CheckStateBadge state={check.state} />
            </Flex>
          </Flex>
          {compact && check.state === "operational" ? null : (
            <Box>
              <Text fontSize="sm" color="fg.muted">
                {check.detail}
              </Text>
            </Box>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}
