export interface Page<T> {
  items: T[];
  total: number;
}
