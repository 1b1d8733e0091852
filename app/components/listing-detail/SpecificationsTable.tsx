// The seller's specification rows as a two-column table.
import { page, specifications as look } from "./detail-styles.ts";

export function SpecificationsTable({ specifications }: { specifications: Array<{ name: string; value: string }> }) {
  if (specifications.length === 0) return null;
  return (
    <section aria-labelledby="specifications-heading" className={page.section}>
      <h2 id="specifications-heading" className={page.sectionHeading}>
        Specifications
      </h2>
      <table className={look.root}>
        <tbody className={look.body}>
          {specifications.map((row) => (
            <tr key={row.name} className={look.row}>
              <th scope="row" className={look.name}>
                {row.name}
              </th>
              <td className={look.value}>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
