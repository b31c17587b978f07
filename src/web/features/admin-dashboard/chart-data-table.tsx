interface ChartDataTableProps {
  caption: string;
  columns: readonly [string, string];
  rows: readonly (readonly [string, string])[];
}

/**
 * The numbers behind a chart, for screen readers: the drawing itself is an image with a
 * name, and this table says what it shows, day by day.
 */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
