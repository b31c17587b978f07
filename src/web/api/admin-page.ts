/** One page of an admin table: its rows and how many there are in all (the `X-Total-Count` header). */
export interface AdminPage<T> {
  items: T[];
  total: number;
}
