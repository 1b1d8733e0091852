// The smart pricing panel of the AI wizard's review step (docs/product/pricing.md#price-guidance step 2): the confidence of the suggestion, the
// suggested range as a slider, a custom price field, guidance for the chosen condition and the market trend.
import { Alert, Badge, Box, Button, Field, HStack, Heading, Input, Slider, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useState } from "react";
import { centsToInput, CURRENCY_SYMBOLS, formatPrice, isCurrency, minorDigits, toCents } from "~/lib/money.ts";
import { conditionGuidance } from "~/lib/pricing/condition-factors.ts";
import { INSUFFICIENT_DATA_MESSAGE } from "~/lib/pricing/suggest-price.ts";
import type { MarketTrend, PriceConfidence, PriceGuidance, PriceSuggestion } from "~/lib/pricing/types.ts";

export interface SmartPricingPanelProps {
  guidance: PriceGuidance;
  /** The price the listing will have, in cents. */
  priceCents: number;
  onPriceChange: (cents: number) => void;
  /** The condition chosen for the equipment (canonical value). */
  condition: string;
  currency?: string;
  /** A name for the custom price field, when a surrounding form should submit it. */
  priceInputName?: string;
}

const CONFIDENCE_LABELS: Record<PriceConfidence, string> = { high: "High", medium: "Medium", low: "Low" };
const CONFIDENCE_LEVEL: Record<PriceConfidence, number> = { low: 1, medium: 2, high: 3 };
const CONFIDENCE_PALETTE: Record<PriceConfidence, string> = { high: "green", medium: "yellow", low: "orange" };

/** The slider moves in the rounding rule's steps for the recommendation: $100, $10 or $1. */
export function sliderStepCents(recommendedCents: number): number {
  if (recommendedCents >= 1_000_000) return 10_000;
  if (recommendedCents >= 100_000) return 1_000;
  return 100;
}

function ConfidenceIndicator({ confidence }: { confidence: PriceConfidence }) {
  const level = CONFIDENCE_LEVEL[confidence];
  return (
    <HStack gap="2" data-confidence={confidence}>
      <HStack gap="1" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <Box
            key={bar}
            w="2"
            h={`${bar * 6 + 4}px`}
            rounded="sm"
            bg={bar <= level ? `${CONFIDENCE_PALETTE[confidence]}.solid` : "bg.emphasized"}
            alignSelf="end"
          />
        ))}
      </HStack>
      <Badge colorPalette={CONFIDENCE_PALETTE[confidence]} variant="subtle">
        Confidence: {CONFIDENCE_LABELS[confidence]}
      </Badge>
    </HStack>
  );
}

function SuggestedRange({
  suggestion,
  priceCents,
  onPriceChange,
  currency,
}: {
  suggestion: PriceSuggestion;
  priceCents: number;
  onPriceChange: (cents: number) => void;
  currency: string;
}) {
  const { minCents, maxCents, recommendedCents } = suggestion;
  const within = Math.min(maxCents, Math.max(minCents, priceCents));
  const outside = priceCents < minCents ? "below" : priceCents > maxCents ? "above" : null;
  return (
    <Stack gap="2">
      <Slider.Root
        min={minCents}
        max={maxCents}
        step={sliderStepCents(recommendedCents)}
        value={[within]}
        onValueChange={(details) => {
          const next = details.value[0];
          if (next !== undefined) onPriceChange(next);
        }}
        getAriaValueText={(details) => formatPrice(details.value, currency)}
        thumbAlignment="center"
      >
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Slider.Label fontWeight="medium">Suggested price range</Slider.Label>
          <Text fontSize="sm" color="fg.muted">
            {formatPrice(minCents, currency)} – {formatPrice(maxCents, currency)}
          </Text>
        </HStack>
        <Slider.Control py="3">
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
      </Slider.Root>
      {outside ? (
        <Text fontSize="sm" color="fg.muted">
          Your price of {formatPrice(priceCents, currency)} is {outside} the suggested range.
        </Text>
      ) : null}
      <HStack gap="3" wrap="wrap">
        <Text>
          Recommended:{" "}
          <Text as="span" fontWeight="bold" fontSize="lg">
            {formatPrice(recommendedCents, currency)}
          </Text>
        </Text>
        {priceCents !== recommendedCents ? (
          <Button size="sm" variant="outline" onClick={() => onPriceChange(recommendedCents)}>
            Use recommended price
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** A number field in whole currency units and cents; reports a valid price as cents while the user types. */
function CustomPriceField({
  priceCents,
  onPriceChange,
  currency,
  name,
}: {
  priceCents: number;
  onPriceChange: (cents: number) => void;
  currency: string;
  name?: string;
}) {
  const [text, setText] = useState(() => centsToInput(priceCents, currency));
  // A price set elsewhere (the slider, "Use recommended price") shows here unless it is what the field already says.
  useEffect(() => {
    setText((current) => (current.trim() !== "" && toCents(Number(current), currency) === priceCents ? current : centsToInput(priceCents, currency)));
  }, [priceCents, currency]);
  const parsed = Number(text);
  const invalid = text.trim() !== "" && (!Number.isFinite(parsed) || parsed < 0);
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : currency;
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>Custom price ({symbol})</Field.Label>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step={minorDigits(currency) === 0 ? 1 : 0.01}
        name={name}
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          const amount = Number(value);
          if (value.trim() !== "" && Number.isFinite(amount) && amount >= 0) onPriceChange(toCents(amount, currency));
        }}
      />
      {invalid ? (
        <Field.ErrorText>Enter a price of 0 or more.</Field.ErrorText>
      ) : (
        <Field.HelperText>Any price you choose; the range above is a guide.</Field.HelperText>
      )}
    </Field.Root>
  );
}

function ConditionGuidancePanel({ condition }: { condition: string }) {
  const guidance = conditionGuidance(condition);
  return (
    <Stack gap="1">
      <Heading as="h4" size="sm">
        Condition guidance
      </Heading>
      {guidance ? (
        <Text data-condition-tier={guidance.tier}>
          {guidance.conditionLabel}: {guidance.text}
        </Text>
      ) : (
        <Text color="fg.muted">Choose a condition to see what equipment in that state usually fetches.</Text>
      )}
    </Stack>
  );
}

const TREND_LABELS: Record<MarketTrend["direction"], string> = { rising: "Rising", falling: "Falling", stable: "Stable" };
const TREND_PALETTE: Record<MarketTrend["direction"], string> = { rising: "green", falling: "red", stable: "gray" };
const TREND_ARROWS: Record<MarketTrend["direction"], string> = {
  rising: "M4 16L10 10l4 4 6-6M14 8h6v6",
  falling: "M4 8l6 6 4-4 6 6M14 16h6v-6",
  stable: "M4 12h16M15 7l5 5-5 5",
};

function signedPercent(value: number): string {
  return `${value > 0 ? "+" : ""}${value.toFixed(1).replace(/\.0$/, "")}%`;
}

function MarketTrendPanel({ trend }: { trend: MarketTrend }) {
  return (
    <Stack gap="1" data-trend={trend.direction}>
      <Heading as="h4" size="sm">
        Market trend
      </Heading>
      <HStack gap="2">
        <Box as="span" color={`${TREND_PALETTE[trend.direction]}.fg`} aria-hidden="true">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={TREND_ARROWS[trend.direction]} />
          </svg>
        </Box>
        <Text fontWeight="semibold">
          {trend.changePercent === null ? "No trend yet" : `${TREND_LABELS[trend.direction]} (${signedPercent(trend.changePercent)})`}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {trend.message}
      </Text>
    </Stack>
  );
}

export function SmartPricingPanel({ guidance, priceCents, onPriceChange, condition, currency = "USD", priceInputName }: SmartPricingPanelProps) {
  const headingId = useId();
  const { suggestion } = guidance;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="lg" p={{ base: "3", md: "5" }} minW="0">
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md" id={headingId}>
            Smart pricing
          </Heading>
          {suggestion ? <ConfidenceIndicator confidence={suggestion.confidence} /> : null}
        </HStack>
        {suggestion ? (
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {suggestion.message}
            </Text>
            <SuggestedRange suggestion={suggestion} priceCents={priceCents} onPriceChange={onPriceChange} currency={currency} />
          </Stack>
        ) : (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{guidance.insufficientMessage ?? INSUFFICIENT_DATA_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        <CustomPriceField priceCents={priceCents} onPriceChange={onPriceChange} currency={currency} name={priceInputName} />
        <ConditionGuidancePanel condition={condition} />
        <MarketTrendPanel trend={guidance.trend} />
      </Stack>
    </Box>
  );
}
