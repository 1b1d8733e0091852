// Where the seller is among the wizard's four steps; the current one is marked with aria-current="step".
import { Box, HStack, Text } from "@chakra-ui/react";
import { WIZARD_STEP_LABELS, type WizardStep } from "./wizard-state.ts";

const STEPS: WizardStep[] = [1, 2, 3, 4];

export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <Box as="ol" aria-label="Steps" display="flex" gap={{ base: "2", md: "4" }} flexWrap="wrap" listStyleType="none" m="0" p="0">
      {STEPS.map((n) => {
        const current = n === step;
        const done = n < step;
        return (
          <HStack as="li" key={n} gap="2" aria-current={current ? "step" : undefined}>
            <Box
              as="span"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              w="7"
              h="7"
              rounded="full"
              fontSize="sm"
              fontWeight="bold"
              bg={current ? "blue.solid" : done ? "green.solid" : "bg.muted"}
              color={current || done ? "white" : "fg"}
              aria-hidden="true"
            >
              {done ? "✓" : n}
            </Box>
            <Text fontSize="sm" fontWeight={current ? "semibold" : "normal"} color={current ? "fg" : "fg.muted"}>
              <Box as="span" srOnly>{`Step ${n}: `}</Box>
              {WIZARD_STEP_LABELS[n]}
              {done ? (
                <Box as="span" srOnly>
                  {" "}
                  (done)
                </Box>
              ) : null}
            </Text>
          </HStack>
        );
      })}
    </Box>
  );
}
