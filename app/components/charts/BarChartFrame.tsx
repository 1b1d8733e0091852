// A bar chart's drawing, hidden from screen readers (each chart gives them its figures as a table). The server's HTML
// and the first paint carry a plain SVG drawing (StaticBarDrawing: recharts 3 draws nothing on the server); once the
// page has hydrated, recharts (loaded on demand, only on pages with a chart) takes its place with tooltips.
import { Box } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { useHydrated } from "../use-hydrated.ts";
import type { BarDrawingProps } from "./bar-chart-frame.ts";
import { StaticBarDrawing } from "./StaticBarDrawing.tsx";

const BarDrawing = lazy(() => import("./BarDrawing.tsx"));

export function BarChartFrame(props: BarDrawingProps) {
  const hydrated = useHydrated();
  const drawing = <StaticBarDrawing {...props} />;
  return (
    <Box className="tb-chart-frame" aria-hidden="true" css={{ "& svg": { width: "100%", height: "auto" } }}>
      {hydrated ? (
        <Suspense fallback={drawing}>
          <BarDrawing {...props} />
        </Suspense>
      ) : (
        drawing
      )}
    </Box>
  );
}
