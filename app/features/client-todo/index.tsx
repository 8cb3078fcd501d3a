// The client-todo read model's client-safe API: the entry type and the list that renders it.
export { TODO_KINDS, type TodoEntry, type TodoKind } from "./todo";
export { TodoList } from "./todo-list";
