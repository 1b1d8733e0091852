// A bar chart's drawing, hidden from screen readers (each chart gives them its figures as a table), loaded on demand:
// the server imports recharts with the first page that draws a chart, not at its start, and the browser fetches it
// only on those pages. The server waits for it before sending the page, so the drawing is in the page as before.
import { Box } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import type { BarDrawingProps } from "./bar-chart-frame.ts";

const BarDrawing = lazy(() => import("./BarDrawing.tsx"));

export function BarChartFrame(props: BarDrawingProps) {
  return (
    <Box aria-hidden="true" css={{ "& svg": { width: "100%", height: "auto" } }}>
      <Suspense fallback={<Box aspectRatio={`${props.width} / ${props.height}`} />}>
        <BarDrawing {...props} />
      </Suspense>
    </Box>
  );
}
